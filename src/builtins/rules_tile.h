// Helpers shared by the tile rule files (rules_tile*.cpp): the compile-time arguments of
// Warp's tile builtins (shapes, storage, flags, offsets) and the element types tiles hold.
#pragma once

#include "builtins/block_dim.h"
#include "builtins/rules.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::builtins::detail {

// Warp's extract_tuple(arg_values[name], as_constant=True), limited to positive Python ints
// (compute_type_str prints only those as template arguments).
std::optional<std::vector<int>> tile_shape(const RuleCall& call, std::string_view name = "shape");
// The storage argument: "register" when left to its default, else a string literal.
std::optional<std::string> storage_of(const RuleCall& call);
// compute_type_str's spelling of a Python bool flag (bounds_check, aligned).
std::optional<std::string> flag_of(const RuleCall& call, std::string_view name);
// Warp's checks that a load's shape and offset have the array's number of dimensions
// (`fn` names the builtin in the message).
std::optional<ResultOrError> load_dimensions_error(const RuleCall& call, std::string_view fn,
                                                   const std::vector<int>& shape, int ndim);
// Python's str() of a shape tuple: "(4,)", "(2, 3)".
std::string shape_text(const std::vector<int>& shape);
// Warp's "<fn>() shapes must have the same number of dimensions" / "do not match on dimension"
// errors for two tiles that must have one shape (tile_map, tile_sort).
std::optional<ResultOrError> shape_mismatch(std::string_view fn, TypeRef a, TypeRef b);
// Warp's check that argument `name` of a variadic tile builtin (whose overload matching checks
// no types) is a tile: "<what> must be a tile, got <type>".
std::optional<ResultOrError> require_tile(const RuleCall& call, std::string_view name, std::string_view what);
// The number of offset values: a tuple's elements, one otherwise; `ndim` when none is given.
int offset_count(const RuleCall& call, int ndim);
// func_args `(*offset)`: a tuple's elements, the value itself, or fresh zeros.
void push_offsets(const RuleCall& call, int ndim, Dispatch& d);
// A slice of a tile axis resolved against its length (Warp's _normalize_tile_slice).
struct TileSlice {
    int start = 0, stop = 0, step = 1;
    int length() const; // Warp's _tile_slice_length
};
// Null with Warp's message in `error` for runtime bounds or a zero step.
std::optional<TileSlice> normalize_tile_slice(TypeRef slice, int length, std::string& error);
// A tile element type: scalars, vectors, matrices, quaternions, transforms and structs.
bool supported_dtype(TypeRef t);
// Warp's check_tile_atomic_add_dtype (`fn` names the builtin in the message).
std::optional<ResultOrError> atomic_dtype_error(TypeRef dtype, std::string_view fn);

} // namespace ws::builtins::detail
