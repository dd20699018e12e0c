// The Warp definitions of a Python module, found from the syntax tree alone:
// @wp.kernel and @wp.func functions and @wp.struct classes at any depth
// (Warp's own tests define many kernels inside test functions).
#pragma once

#include "syntax/ast.h"

#include <string>
#include <string_view>
#include <vector>

namespace ws::analysis {

// "wp.sin" for `wp.sin`, "x" for `x`; "" when `e` is not a chain of names.
std::string dotted_name(const ast::Expr* e);

// The member of the warp module a dotted name designates: "sin" for
// "wp.sin" or "warp.sin", "types.vector" for "wp.types.vector"; "" otherwise.
std::string_view warp_member(std::string_view dotted);

enum class WarpDefKind { Kernel, Func };

struct WarpDef {
    const ast::FunctionDef* def = nullptr;
    WarpDefKind kind = WarpDefKind::Kernel;
};

// Functions decorated `@wp.kernel` or `@wp.func` (also called with options,
// `@wp.kernel(enable_backward=False)`; `warp.` spelled out counts), in source
// order. Overload stubs (`@wp.overload`), `@wp.func_native`, `@wp.func_grad`
// and `@wp.func_replay` are not Warp functions here.
std::vector<WarpDef> warp_defs(const ast::Module& module);

// Classes decorated `@wp.struct`, in source order.
std::vector<const ast::ClassDef*> warp_structs(const ast::Module& module);

} // namespace ws::analysis
