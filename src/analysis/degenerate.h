// Degenerate expressions: code whose value a reader sees at once to be
// constant, redundant or equal to one of its parts; people rarely write them,
// naive generators often do. Operands are "the same" when they are
// structurally identical (same_expr). The kinds, one name each in reports:
//
// - same_operands     `x - x`, `x / x`, `x // x`, `x % x`, `x ^ x`, `x & x`, `x | x`
// - same_comparison   `x == x`, `x != x`, `x < x`, `x > x`, `x <= x`, `x >= x` (also one link
//                     of a chain: `a < x < x`)
// - same_bool_operands  `x and x`, `x or x` (any two of the operands of one `and`/`or`)
// - min_max_same_args `wp.min(x, x)`, `wp.max(x, x)`, `min(x, x)`, `max(x, x)`
// - same_branches     `e if c else e`, `wp.where(c, e, e)`, `wp.select(c, e, e)`
// - double_negation   `-(-x)`, `not not x`, `~~x`
// - constant_expression  a condition or value a reader evaluates at once: a comparison, `not`, or
//                     `and`/`or` whose operands are all constant (literals, alone or combined by
//                     operators: `73.8 + 0.75 < -0.99`); a call of wp.min/max/clamp/abs/sign/floor/
//                     ceil/round/trunc/isnan/isinf/isfinite (or Python's min/max/abs) on constants only
//                     (`wp.isnan(25.5)`); `if`, `a if c else b` or `wp.where(c, a, b)` whose test `c`
//                     is a literal (`while True:` is an idiom and not counted). Counted once for the
//                     outermost such expression. Arithmetic of literals alone (`1.4 * 287.05`,
//                     `0.0 - 9.81`, `1.0 / 3.0`) is not counted: people write constants that way.
//
// Operations with a neutral literal (`x * 1.0`, `3 * t + 0`) are not counted either:
// Warp's own tests and examples write them on purpose (coefficient and offset lists,
// `1.0 * x` to make an expression), about once in fifty kernels, as often as generated code.
//
// Calls to `wp.atomic_*`, `print` and `wp.printf` never compare equal (they act).
#pragma once

#include "syntax/ast.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace ws {
struct WalkNode;
}

namespace ws::analysis {

enum class DegenerateKind : uint8_t {
    SameOperands,
    SameComparison,
    SameBoolOperands,
    MinMaxSameArgs,
    SameBranches,
    DoubleNegation,
    ConstantExpression,
};
constexpr int kDegenerateKinds = 7;

const char* name_of(DegenerateKind kind);

struct Degenerate {
    DegenerateKind kind;
    Pos pos;
};

// Structural identity: same node kinds, operators, names, attribute names
// and literal values, recursively.
bool same_expr(const ast::Expr* a, const ast::Expr* b);

// The degenerate expressions and statements in the body of `f`, in source order.
std::vector<Degenerate> degenerate_expressions(const ast::FunctionDef& f);

// The same, calling `visit` on each node of the body as walk_body does (nested definitions
// visited, not entered), depth first: another pass over the body (name_use's) rides on this walk.
std::vector<Degenerate> degenerate_expressions(const ast::FunctionDef& f,
                                               const std::function<void(const WalkNode&)>& visit);

} // namespace ws::analysis
