// The Warp builtins Python's binary operators call (codegen.py's builtin_operators). A user
// @wp.func under one of these names overloads the operator for the types it accepts.
#pragma once

#include "syntax/ast.h"

#include <string_view>

namespace ws {

// "add" for `+`, "mul" for `*` and `@`, ... (a view of a literal: its size known, no strlen).
std::string_view operator_builtin(ast::BinOpKind op);

// The in-place builtin Warp's emit_AugAssign calls for `x[i] op= v` on vectors, matrices and
// tiles ("add_inplace" for `+=`, ... for + - & | ^), or null for the other operators.
const char* inplace_builtin(ast::BinOpKind op);

// Whether `name` is one of them: a function of that name may be called without being named.
bool is_operator_builtin(std::string_view name);

} // namespace ws
