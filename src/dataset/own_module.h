// Kernels that Warp compiles in another module than their file's: `@wp.kernel(module="unique")`
// and `@wp.kernel(module="name")`.
//
// Such a kernel has no code in its file's module: Warp puts it in a module of its own ("unique")
// or in the module of that name, with Warp's default module options (the file's
// `wp.set_module_options` do not apply) updated by the kernel's `module_options` ("unique"
// only), and the user functions and structs the kernel uses. extract gives it a reduced module,
// as for any kernel, in which it is a plain kernel of that module: the decorator loses
// `module=...`, and `module_options={...}` becomes a `wp.set_module_options({...})` call before
// the kernel. Real Warp compiles that module to the record's code (tools/extract_check.py checks
// every pair). A named module may hold kernels of other files too: the record has this one.
#pragma once

#include "syntax/ast.h"
#include "syntax/source.h"

#include <optional>
#include <string>

namespace ws::dataset {

// The text of kernel `k` (decorators included) as a plain kernel of its reduced module, or
// nothing when it is not decorated `@wp.kernel(module="unique" or "name", ...)`.
std::optional<std::string> own_module_kernel_text(const SourceFile& source, const ast::FunctionDef& k);

} // namespace ws::dataset
