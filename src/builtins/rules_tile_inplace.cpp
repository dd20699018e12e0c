// Warp's in-place tile operators: `a += b`, `a -= b`, `a &= b`, `a |= b`, `a ^= b` on two whole
// tiles (add_inplace ... with native tile_add_inplace ...), which update `a` without a new
// variable; the per-thread scatters into a tile (tile_scatter_add, tile_scatter_masked); and the
// fused operators tile_axpy (dest += alpha * src in place) and tile_dot (the sum of the
// element-wise products, without the intermediate tile).
#include "builtins/rules.h"

#include <fmt/format.h>
#include <optional>

namespace ws::builtins::detail {

namespace tile_inplace_rules {
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

// Two tiles of one shape and dtype (not a Warp struct), as tile_dot and tile_axpy require.
std::optional<ResultOrError> same_tiles(TypeRef a, TypeRef b, const char* what, const char* names) {
    if (a->tile_shape != b->tile_shape)
        return fail(fmt::format("{} {} must have the same shape, got {} and {}", what, names,
                                shape_tuple(a->tile_shape), shape_tuple(b->tile_shape)));
    if (!types_equal(a->elem, b->elem))
        return fail(fmt::format("{} {} must have the same dtype, got {} and {}", what, names,
                                class_str(a->elem), class_str(b->elem)));
    if (a->elem->is_struct()) return fail(fmt::format("{} does not support Warp struct tile elements", what));
    return std::nullopt;
}

// tile_dot(a, b): a one-element register tile of the elements' scalar type.
ResultOrError dot(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    if (auto e = same_tiles(a, call.type("b"), "tile_dot()", "arguments")) return *e;
    return value(types::tile(scalar_type_of(a->elem), {1}, false));
}

// tile_axpy(alpha, src, dest): alpha a scalar of the tiles' scalar type.
ResultOrError axpy(const RuleCall& call, std::string_view) {
    TypeRef alpha = call.type("alpha");
    TypeRef src = call.type("src");
    TypeRef dest = call.type("dest");
    if (auto e = same_tiles(dest, src, "tile_axpy()", "'dest' and 'src'")) return *e;
    if (!alpha || alpha->is_tile() || !alpha->is_scalar()) {
        ResultOrError r = fail("tile_axpy() with a non-scalar alpha is not supported by warpsynth");
        r.unsupported = true; // Warp's message prints the Python type
        return r;
    }
    TypeRef scalar = scalar_type_of(dest->elem);
    if (!types_equal(scalar, alpha))
        return fail(
            fmt::format("tile_axpy() 'alpha' must match the tile's scalar type, got {} for tile scalar "
                        "type {}",
                        class_str(alpha), class_str(scalar)));
    return void_result();
}

// tile_scatter_add / tile_scatter_masked(a, i[, j, k, l], value, has_value): one index per
// dimension and a value of the tile's dtype; `a` moves to shared memory.
ResultOrError scatter(const RuleCall& call, std::string_view what, std::string_view separator) {
    TypeRef t = call.type("a");
    int indices = 0;
    for (std::string_view n : {"i", "j", "k", "l"}) indices += call.has(n) ? 1 : 0;
    if (indices != static_cast<int>(t->tile_shape.size()))
        return fail(fmt::format("{}{}incorrect number of indices ({}) for tile shape {}", what, separator,
                                indices, shape_tuple(t->tile_shape)));
    TypeRef value_type = call.type("value");
    if (!types_equal(t->elem, value_type))
        return fail(fmt::format("{}() 'value' type must match tile dtype, got {} and tile dtype {}", what,
                                class_str(value_type), class_str(t->elem)));
    ResultOrError r = void_result();
    r.result->shared_tile_arg = call.find("a");
    return r;
}

ResultOrError scatter_add(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_scatter_add", ": ");
}
ResultOrError scatter_masked(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_scatter_masked", "() ");
}

// tile_scatter_add<false>(a, i..., value, has_value) when not atomic.
Dispatch scatter_add_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    const Constant* atomic = call.constant("atomic");
    if (!atomic) {
        d.error =
            "tile_scatter_add() 'atomic' must be a compile-time constant (True or False), not a runtime "
            "variable";
        return d;
    }
    if (atomic->kind != Constant::Kind::PyBool) { // Warp tests `is False`
        d.unsupported = true;
        return d;
    }
    for (std::string_view n : {"a", "i", "j", "k", "l", "value", "has_value"})
        if (call.has(n)) d.args.push_back(DispatchArg{call.find(n), std::nullopt});
    if (!atomic->b) d.template_args = {"false"};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_scatter_add_value_func", scatter_add},
    {"tile_scatter_masked_value_func", scatter_masked},
    {"tile_dot_value_func", dot},
    {"tile_axpy_value_func", axpy},
    {"tile_inplace_tile_value_func", inplace},
    {"tile_inplace_tile_bitwise_value_func", inplace_bitwise},
};

// tile_inplace_dispatch_func passes (a, b) as they are: the default dispatch.
constexpr DispatchRule kDispatchRules[] = {
    {"tile_scatter_add_dispatch_func", scatter_add_dispatch},
    {"tile_inplace_dispatch_func",
     [](const RuleCall& call, const CallResult&) { return dispatch_all(call); }},
};

} // namespace
} // namespace tile_inplace_rules

std::span<const ValueRule> tile_inplace_value_rules() {
    return tile_inplace_rules::kValueRules;
}
std::span<const DispatchRule> tile_inplace_dispatch_rules() {
    return tile_inplace_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
