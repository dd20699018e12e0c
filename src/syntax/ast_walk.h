// Walking a syntax tree in CPython's `_fields` order, as ast.walk and
// ast.NodeTransformer do: Warp's hashing (breadth first) and its wp.static
// substitution (depth first) depend on that order.
#pragma once

#include "codegen/object.h"
#include "syntax/ast.h"

#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace ws {

// A node of a walk: an expression, a statement, or one of the helper nodes
// CPython has between them (arguments, arg, keyword).
struct WalkNode {
    const ast::Expr* expr = nullptr;
    const ast::Stmt* stmt = nullptr;
    const ast::Arguments* arguments = nullptr;
    const ast::Arg* arg = nullptr;
    const ast::Keyword* keyword = nullptr;
};

// The values of a function's `wp.static(...)` calls evaluated when it was
// defined, by call node. Warp walks a view of the tree in which each such call
// is replaced by its value, so a call found here is a leaf.
using StaticValues = std::unordered_map<const ast::Expr*, ObjectRef>;

// Appends the children of `n` to `q` in CPython's field order (operators and
// contexts, which are leaves nothing looks for, are skipped).
void children(const WalkNode& n, std::deque<WalkNode>& q, const StaticValues* statics = nullptr);

// The attribute chain of a name: `wp.types.vector` -> {"wp", "types", "vector"};
// false for anything but names and attributes of names.
bool dotted_name(const ast::Expr* e, std::vector<std::string>& out);

} // namespace ws
