// What the names `wp.*`, `wp.types.*`, `math.*` and Python's builtins stand
// for, and the few calls Warp modules make at import time (wp.constant,
// wp.types.vector, wp.vec3(...) instances, wp.float64(...) scalars).
#pragma once

#include "codegen/object.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::warp_names {

// `import NAME`: the warp package, warp.types, math; null for others.
ObjectRef module(std::string_view dotted_name);
// Attribute of a module-level object; null when it has none.
ObjectRef attribute(const Object& obj, std::string_view name);
// Python builtins (float, int, bool, range, min, max, abs, len, print, ...);
// "__warp__" names the warp package itself.
ObjectRef python_builtin(std::string_view name);
// Number of @wp.func with this key that Warp creates at import (their
// native names take the first suffixes).
int import_function_count(std::string_view key);
// Evaluates a call of a Warp helper or type at module scope; null when we
// cannot model it; throws python::Error where Python raises. `runtime_loaded`:
// wp.init() has run (float16 components are converted by Warp's native library).
ObjectRef call_at_module_scope(const Object& func, const std::vector<ObjectRef>& args,
                               const std::vector<std::pair<std::string, ObjectRef>>& kwargs,
                               bool runtime_loaded);

} // namespace ws::warp_names
