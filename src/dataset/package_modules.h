// The Python modules of the trees extract reads, by dotted name, found without importing
// anything: a file's module name comes from the folders above it that hold an `__init__.py`
// (pkg/sim/model.py with pkg/__init__.py and pkg/sim/__init__.py is `pkg.sim.model`; an
// `__init__.py` is its package, `pkg.sim`), and `from .x import y` resolves against it as
// Python's import system would.
#pragma once

#include "syntax/ast.h"

#include <filesystem>
#include <optional>
#include <string>

namespace ws::dataset {

struct ModuleName {
    std::string dotted;      // "pkg.sim.model"; the file's stem outside any package
    bool is_package = false; // the file is an __init__.py
};

// The module name of `file` (folders are looked at on disk, at most 64 levels up).
ModuleName module_name_of(const std::filesystem::path& file);

// The absolute module `from ... import` names in module `importer`; nothing when a relative
// import climbs above the top-level package.
std::optional<std::string> resolve_from(const ModuleName& importer, const ast::ImportFrom& s);

} // namespace ws::dataset
