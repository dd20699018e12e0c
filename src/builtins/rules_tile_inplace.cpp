// Warp's in-place tile operators: `a += b`, `a -= b`, `a &= b`, `a |= b`, `a ^= b` on two whole
// tiles (add_inplace ... with native tile_add_inplace ...), which update `a` without a new
// variable.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace {

// Python's str() of a shape tuple: "(16,)", "(4, 8)".
std::string shape_tuple(const std::vector<int>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

ResultOrError inplace(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"); // both tiles: the overload's patterns
    TypeRef b = call.type("b");
    if (a->tile_shape != b->tile_shape)
        return fail(fmt::format("Tile inplace arguments must have the same shape, got {} and {}",
                                shape_tuple(a->tile_shape), shape_tuple(b->tile_shape)));
    if (!types_equal(a->elem, b->elem))
        return fail(fmt::format("Tile inplace arguments must have the same dtype, got {} and {}",
                                class_str(a->elem), class_str(b->elem)));
    return void_result();
}

ResultOrError inplace_bitwise(const RuleCall& call, std::string_view arg) {
    if (call.type("a")->elem->is_struct())
        return fail("Tile bitwise inplace operators do not support Warp struct tile elements");
    return inplace(call, arg);
}

constexpr ValueRule kValueRules[] = {
    {"tile_inplace_tile_value_func", inplace},
    {"tile_inplace_tile_bitwise_value_func", inplace_bitwise},
};

// tile_inplace_dispatch_func passes (a, b) as they are: the default dispatch.
constexpr DispatchRule kDispatchRules[] = {
    {"tile_inplace_dispatch_func",
     [](const RuleCall& call, const CallResult&) { return dispatch_all(call); }},
};

} // namespace

std::span<const ValueRule> tile_inplace_value_rules() {
    return kValueRules;
}
std::span<const DispatchRule> tile_inplace_dispatch_rules() {
    return kDispatchRules;
}

} // namespace ws::builtins::detail
