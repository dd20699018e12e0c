// Warp's tile builtins that move single elements between threads and tiles: tile_from_thread
// (one thread's value in every element), tile_scatter_add / tile_scatter_masked (each
// thread's value into one element of a shared tile) and tile_astype (every element
// converted to another scalar type).
#include "builtins/rules_tile.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace {

// tile_from_thread(shape, value, thread_idx, storage="register"): a tile of the value's type.
ResultOrError from_thread(const RuleCall& call, std::string_view) {
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile_from_thread() needs a shape of positive int literals or constants");
    std::optional<std::string> storage = storage_of(call);
    if (!storage || (*storage != "register" && *storage != "shared"))
        return unsupported("tile_from_thread() needs storage=\"register\" or \"shared\" as a literal");
    TypeRef dtype = call.type("value");
    if (!supported_dtype(dtype)) return unsupported("tile_from_thread() of this value is not supported");
    return value(types::tile(dtype, *shape, *storage == "shared"));
}

// tile_from_thread<dtype, shape...>(value, thread_idx)
Dispatch from_thread_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("value"), std::nullopt});
    d.args.push_back(DispatchArg{call.find("thread_idx"), std::nullopt});
    d.template_args = {template_arg(t->elem)};
    for (int e : t->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_scatter_add / tile_scatter_masked(a, i, ..., value, has_value): one index per axis, a
// value of the element type; a moves to shared memory.
ResultOrError scatter(const RuleCall& call, std::string_view fn) {
    TypeRef a = call.type("a");
    size_t indices = 0;
    for (std::string_view n : {"i", "j", "k", "l"}) indices += call.has(n) ? 1 : 0;
    if (indices != a->tile_shape.size())
        return fail(fmt::format("{}{} incorrect number of indices ({}) for tile shape {}", fn,
                                fn == "tile_scatter_add" ? ":" : "()", indices, shape_text(a->tile_shape)));
    TypeRef v = call.type("value");
    if (!types_equal(a->elem, v))
        return fail(fmt::format("{}() 'value' type must match tile dtype, got {} and tile dtype {}", fn,
                                class_str(v), class_str(a->elem)));
    ResultOrError r = void_result();
    r.result->shared_tile_arg = call.find("a");
    return r;
}

ResultOrError scatter_add(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_scatter_add");
}
ResultOrError scatter_masked(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_scatter_masked");
}

// tile_scatter_add[<false>](a, i..., value, has_value): `false` for a non-atomic update.
Dispatch scatter_add_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    const Constant* atomic = call.constant("atomic");
    if (!atomic || atomic->kind != Constant::Kind::PyBool) {
        if (!atomic)
            d.error = "tile_scatter_add() 'atomic' must be a compile-time constant (True or False), not a "
                      "runtime variable";
        else
            d.unsupported = true;
        return d;
    }
    for (std::string_view n : {"a", "i", "j", "k", "l", "value", "has_value"})
        if (call.has(n)) d.args.push_back(DispatchArg{call.find(n), std::nullopt});
    if (!atomic->b) d.template_args = {"false"};
    return d;
}

// tile_astype(t, dtype): a register tile of the same shape.
ResultOrError astype(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    TypeRef dtype = call.type_value("dtype");
    if (!dtype || !dtype->is_scalar()) return unsupported("tile_astype() of this dtype is not supported");
    return value(types::tile(dtype, t->tile_shape, false));
}

// tile_astype<Result>(t)
Dispatch astype_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    d.template_args = {result.types.at(0)->ctype};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_from_thread_value_func", from_thread},
    {"tile_scatter_add_value_func", scatter_add},
    {"tile_scatter_masked_value_func", scatter_masked},
    {"tile_astype_value_func", astype},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_from_thread_dispatch_func", from_thread_dispatch},
    {"tile_scatter_add_dispatch_func", scatter_add_dispatch},
    {"tile_astype_dispatch_func", astype_dispatch},
};

} // namespace

std::span<const ValueRule> tile_element_value_rules() {
    return kValueRules;
}
std::span<const DispatchRule> tile_element_dispatch_rules() {
    return kDispatchRules;
}

} // namespace ws::builtins::detail
