// extract's reduced modules: a kernel and what it needs, as one self-contained Python module.
//
// A file's module-level statements that a kernel may use are its "shared" statements: imports,
// name assignments (constants), `@wp.struct` classes, int enum classes, `@wp.func` functions,
// `wp.overload(f, ...)` and `wp.set_module_options(...)`. A kernel's reduced module keeps, in file
// order, its file's option calls and star imports, functions named like an operator they
// overload, and the definitions, imports, assignments and overloads of the names that the kernel
// and kept statements use (Warp builds only what a kernel reaches; host code such as
// `devices = get_devices()` goes too). Of a generic kernel, only its first wp.overload: a record
// holds one kernel's code.
//
// `from .geometry import closest_point` of a module in the trees given (PackageModules) is
// replaced by that module's definition of `closest_point` and what it needs from its own module,
// recursively (re-exports through `__init__.py` are imports too): the record loads without the
// package. A name bound by two modules with different text cannot share one module: the kernel
// is skipped, with the name (warpsynth does not rename).
#pragma once

#include "dataset/package_modules.h"
#include "syntax/ast.h"
#include "syntax/source.h"

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ws::dataset {

struct SharedStmt {
    int first_line = 0;
    std::string text;
    bool is_def = false;            // a function or class (two blank lines before it)
    bool is_option_call = false;    // wp.set_module_options(...): not for a kernel of its own module
    bool is_overload = false;       // wp.overload(f, ...): binds f
    bool conditional = false;       // kept only when a kept statement names what it binds
    std::vector<std::string> binds; // the names it binds
    std::set<std::string, std::less<>> names;
    const ast::ImportFrom* from_import = nullptr;
};

// One parsed file and its shared statements.
struct ParsedFile {
    std::string path;
    ModuleName module;
    std::shared_ptr<const SourceFile> source;
    std::unique_ptr<ast::Module> tree;
    std::vector<SharedStmt> shared;
    std::vector<const ast::FunctionDef*> kernels;
};

// The files of the trees given, by module name (the first file of a name wins).
class PackageModules {
  public:
    void add(const ParsedFile* file);
    const ParsedFile* find(const std::string& dotted) const;

  private:
    std::map<std::string, const ParsedFile*, std::less<>> by_name_;
};

// A kernel that cannot have one self-contained module (two modules bind one name differently).
class ReduceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Lines `first` to `last` of a file, each ending in a newline.
std::string source_lines(const SourceFile& src, int first, int last);

// Fills `file.shared` and `file.kernels` from its tree. Returns an error text for a file whose
// module-level code changes every kernel's code in ways extract cannot carry (wp.config).
std::string collect_shared(ParsedFile& file);

// The reduced module of `kernel` of `file`, whose text is `kernel_text` (own_module: the kernel
// is of another module than its file's, and the file's option calls do not apply). Throws
// ReduceError.
std::string reduced_module(const ParsedFile& file, const PackageModules& modules,
                           const std::string& kernel_text, const ast::FunctionDef& kernel, bool own_module);

} // namespace ws::dataset
