// Small pieces of Python text the writer needs: retargeting float32 code to
// float64, and whether an expression needs parentheses next to an operator.
#pragma once

#include "synth/stype.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::synth {

// A run of text: `opaque` runs (values already written for the kernel's
// precision, identifiers) are copied as they are.
struct TextRun {
    std::string text;
    bool opaque = false;
};

// Joins the runs, rewriting the non-opaque ones from float32 spelling to the
// precision `fp`: `float`/`wp.float32` become `wp.float64`, `wp.vec3` becomes
// `wp.vec3d` (and so on for every float type), `wp.quat_identity()` gains
// `dtype=`, and float literals outside type constructors become
// `wp.float64(0.5)` (Warp never promotes literals). float32 joins unchanged.
std::string retarget(const std::vector<TextRun>& runs, Scalar fp);

// Whether `expr` can stand next to any operator without parentheses: a name,
// a literal, a call, a subscript or an attribute chain.
bool is_atomic_expr(std::string_view expr);

// The loosest operator at the top level of `expr` (Python's precedence, higher
// binds tighter: 1 `if`, 2 `or`, 3 `and`, 4 `not`, 5 comparisons, 6 `|`, 7 `^`,
// 8 `&`, 9 shifts, 10 `+ -`, 11 `* / // % @`, 12 unary `-`, 13 `**`); 100 for
// an atom.
int expr_precedence(std::string_view expr);
// The precedence of a binary or unary operator token (0 when it is none).
int operator_precedence(std::string_view op, bool unary);

// A float literal written for precision `fp` (`0.5` or `wp.float64(0.5)`).
std::string float_literal(std::string_view digits, Scalar fp);

// `@wp.kernel` and the `def` line of a kernel with these (name, annotation) parameters: on one
// line when it fits in 100 columns, else one parameter a line.
std::string kernel_header(std::string_view name,
                          const std::vector<std::pair<std::string, std::string>>& params);

} // namespace ws::synth
