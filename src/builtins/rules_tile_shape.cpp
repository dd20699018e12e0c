// Warp's tile builtins that reshape or reorder a tile, or reduce it to indices: tile_broadcast
// and tile_transpose (views of their argument, which Warp moves to shared memory), the scans,
// tile_argmin / tile_argmax, tile_sort, the bitwise operators between tiles and the in-place
// updates `a += b`, `a &= b`, ... of one tile by another.
#include "builtins/rules_tile.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_shape_rules {
namespace {

// The argument Warp's value function moves to shared memory (`t.storage = "shared"`): the
// result is a view of it, so its strides are those of the shared tile.
ResultOrError view_of(const RuleCall& call, TypeRef view) {
    ResultOrError r = value(view);
    r.result->shared_tile_arg = call.find("a");
    return r;
}

// tile_broadcast(a, shape): a view whose broadcast dimensions have stride 0.
ResultOrError broadcast(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("a");
    if (const std::vector<Constant>* dims = call.tuple_value(call.find("shape")); dims && dims->size() > 4)
        return fail(fmt::format("tile_broadcast() output must have between one and four dimensions, got {}",
                                dims->size()));
    std::optional<std::vector<int>> target = tile_shape(call);
    if (!target) return unsupported("tile_broadcast() needs a shape of positive int literals or constants");
    const int offset = static_cast<int>(target->size()) - static_cast<int>(t->tile_shape.size());
    std::vector<int> strides(target->size(), 0);
    for (int i = static_cast<int>(target->size()) - 1; i >= 0; --i) {
        const int j = i - offset;
        if (j < 0 || t->tile_shape[j] == 1) continue;
        if (t->tile_shape[j] != (*target)[i])
            return fail(fmt::format("tile_broadcast() cannot broadcast dimension {} into {} at index {}",
                                    t->tile_shape[j], (*target)[i], i));
        strides[i] = t->tile_strides[j];
    }
    return view_of(call, types::tile(t->elem, *target, true, strides, false));
}

// tile_broadcast<shape..., strides...>(a)
Dispatch broadcast_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    for (int e : t->tile_shape) d.template_args.push_back(std::to_string(e));
    for (int e : t->tile_strides) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_transpose(a): a view with the shape and strides reversed.
ResultOrError transpose(const RuleCall& call, std::string_view) {
    if (call.bound.size() != 1)
        return fail(fmt::format("tile_transpose() takes exactly 1 positional argument but {} were given",
                                call.bound.size()));
    if (auto e = require_tile(call, "a", "tile_transpose() argument")) return *e;
    TypeRef t = call.type("a");
    std::vector<int> shape(t->tile_shape.rbegin(), t->tile_shape.rend());
    std::vector<int> strides(t->tile_strides.rbegin(), t->tile_strides.rend());
    return view_of(call, types::tile(t->elem, shape, true, strides, false));
}

// The scans take tiles of float32, int32 or uint32 and keep their shape (in registers).
ResultOrError scan(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("a");
    Scalar s = t->elem->scalar;
    if (!t->elem->is_scalar() || (s != Scalar::Float32 && s != Scalar::Int32 && s != Scalar::UInt32))
        return fail(fmt::format("{}() argument must be a tile of type float32, int32, or uint32, got {}",
                                call.ov.key, class_str(t->elem)));
    return value(types::tile(t->elem, t->tile_shape, false));
}

// tile_argmin / tile_argmax: the index of the extreme element, a one-element int32 tile.
ResultOrError arg_extreme(const RuleCall& call, std::string_view) {
    if (call.bound.size() != 1)
        return fail(fmt::format("{}() takes exactly 1 positional argument but {} were given", call.ov.key,
                                call.bound.size()));
    if (auto e = require_tile(call, "a", fmt::format("{}() argument", call.ov.key))) return *e;
    if (call.type("a")->elem->is_struct())
        return fail(fmt::format("{}() does not support Warp struct tile elements", call.ov.key));
    return value(types::tile(scalar_t(Scalar::Int32), {1}, false));
}

// tile_sort(keys, values): sorts both in place; Warp moves them to shared memory.
ResultOrError sort(const RuleCall& call, std::string_view) {
    if (auto e = require_tile(call, "keys", "First tile_sort() argument")) return *e;
    if (auto e = require_tile(call, "values", "Second tile_sort() argument")) return *e;
    TypeRef a = call.type("keys");
    TypeRef b = call.type("values");
    Scalar s = a->elem->scalar;
    if (!a->elem->is_scalar() || (s != Scalar::Float32 && s != Scalar::Int32 && s != Scalar::UInt32 &&
                                  s != Scalar::Int64 && s != Scalar::UInt64))
        return fail(fmt::format("First tile_sort() argument must be a tile of type float32, int32, uint32, "
                                "int64, or uint64, got {}",
                                class_str(a->elem)));
    if (auto e = shape_mismatch("tile_sort", a, b)) return *e;
    ResultOrError r = void_result();
    r.result->shared_tile_arg = call.find("keys");
    r.result->shared_tile_arg2 = call.find("values");
    return r;
}

constexpr ValueRule kValueRules[] = {
    {"tile_broadcast_value_func", broadcast},
    {"tile_transpose_value_func", transpose},
    {"tile_scan_inclusive_value_func", scan},
    {"tile_scan_exclusive_value_func", scan},
    {"tile_scan_max_inclusive_value_func", scan},
    {"tile_scan_min_inclusive_value_func", scan},
    {"tile_argmin_value_func", arg_extreme},
    {"tile_argmax_value_func", arg_extreme},
    {"tile_sort_value_func", sort},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_broadcast_dispatch_func", broadcast_dispatch},
};

} // namespace
} // namespace tile_shape_rules

std::span<const ValueRule> tile_shape_value_rules() {
    return tile_shape_rules::kValueRules;
}
std::span<const DispatchRule> tile_shape_dispatch_rules() {
    return tile_shape_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
