// Helpers shared by the tile rule files (rules_tile*.cpp): the compile-time arguments of
// Warp's tile builtins (shape, storage, flags) and the element types warpsynth spells.
#pragma once

#include "builtins/rules.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::builtins::detail {

// Warp's block_dim, the extent of per-thread tiles (wp.tile(x), untile, the tiled query
// results): warpsynth supports only the default (module options refuse others).
constexpr int kBlockDim = 256;

// A rule warpsynth does not implement for these arguments (not a Warp error).
ResultOrError unsupported(std::string message);
// Warp's extract_tuple(arg_values[name], as_constant=True), limited to positive Python ints
// (compute_type_str prints only those as template arguments).
std::optional<std::vector<int>> tile_shape(const RuleCall& call, std::string_view name = "shape");
// The storage argument: "register" when left to its default, else a string literal.
std::optional<std::string> storage_of(const RuleCall& call);
// compute_type_str's spelling of a Python bool flag (bounds_check, aligned).
std::optional<std::string> flag_of(const RuleCall& call, std::string_view name);
// Python's str() of a shape tuple: "(4,)", "(2, 3)".
std::string shape_text(const std::vector<int>& shape);
// Warp's check that argument `name` of a variadic tile builtin (whose overload matching checks
// no types) is a tile: "<what> must be a tile, got <type>".
std::optional<ResultOrError> require_tile(const RuleCall& call, std::string_view name, std::string_view what);
// A tile element type warpsynth spells: scalars, vectors and matrices.
bool supported_dtype(TypeRef t);

} // namespace ws::builtins::detail
