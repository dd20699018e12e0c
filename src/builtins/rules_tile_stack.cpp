// Warp's tile stacks: tile_stack(capacity, dtype) allocates a block-wide stack in shared
// memory; tile_stack_push / pop / clear / count work on it. Their parameters are `Any`, so
// the value rules check that the first argument is a stack, as Warp's do.
#include "builtins/rules_tile.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_stack_rules {
namespace {

// Python's repr() of a capacity Warp refuses (a bool, float or str constant).
std::optional<std::string> refused_capacity(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool: return c.b ? "True" : "False";
    case Constant::Kind::PyFloat: return python_float_repr(c.f);
    default: return std::nullopt;
    }
}

// tile_stack(capacity, dtype): capacity a positive compile-time int.
ResultOrError stack(const RuleCall& call, std::string_view) {
    const Constant* c = call.constant("capacity");
    if (!c) return fail("tile_stack() requires capacity to be a compile-time constant.");
    if (std::optional<std::string> r = refused_capacity(*c))
        return fail(fmt::format("tile_stack() requires capacity to be a positive integer, got {}", *r));
    if (!c->holds_int()) return unsupported("tile_stack() needs capacity as an int literal or constant");
    if (c->i.sign() <= 0)
        return fail(
            fmt::format("tile_stack() requires capacity to be a positive integer, got {}", c->i.str()));
    // A Warp scalar passes Warp's value function but reaches its dispatch as the instance, whose
    // C++ spelling Warp looks up as a class name and fails.
    if (c->kind == Constant::Kind::Scalar)
        return fail(fmt::format("'{}' object has no attribute '__name__' (a tile_stack() capacity given as "
                                "a Warp scalar: use a Python int)",
                                scalar_name(c->type->scalar)));
    if (c->i > PyInt(1 << 20)) return unsupported("tile_stack() of this capacity is not supported");
    TypeRef dtype = call.type_value("dtype");
    if (!dtype || !(dtype->is_scalar() || dtype->is_vector() || dtype->is_matrix()))
        return unsupported("tile_stack() of this dtype is not supported");
    return value(types::tile_stack(dtype, static_cast<int>(*c->i.to_int64())));
}

// tile_stack_init<dtype, capacity>(): the dtype as written (Python's `int` stays `int`).
Dispatch stack_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.template_args = {template_arg(call, "dtype"), std::to_string(result.types.at(0)->length)};
    return d;
}

// The first argument, which must be a stack: its type, or Warp's error.
std::optional<ResultOrError> not_a_stack(const RuleCall& call, std::string_view what) {
    TypeRef s = call.type("s");
    if (s && s->is_tile_stack()) return std::nullopt;
    if (!s || !(s->is_scalar() || s->is_composite()))
        return unsupported(fmt::format("{}() of a value that is not a tile stack is not supported", what));
    return fail(fmt::format("{}() {} must be a tile_stack, got {}", what,
                            what == "tile_stack_push" ? "first argument" : "argument", class_str(s)));
}

ResultOrError push(const RuleCall& call, std::string_view) {
    if (auto e = not_a_stack(call, "tile_stack_push")) return *e;
    TypeRef s = call.type("s");
    TypeRef v = call.type("value");
    if (!v || !(v->is_scalar() || v->is_composite()))
        return unsupported("tile_stack_push() of this value is not supported");
    if (!types_equal(v, s->elem))
        return fail(fmt::format("tile_stack_push() value type {} does not match stack dtype {}", class_str(v),
                                class_str(s->elem)));
    return value(scalar_t(Scalar::Int32));
}

ResultOrError pop(const RuleCall& call, std::string_view) {
    if (auto e = not_a_stack(call, "tile_stack_pop")) return *e;
    return values({call.type("s")->elem, scalar_t(Scalar::Int32)});
}

ResultOrError clear(const RuleCall& call, std::string_view) {
    if (auto e = not_a_stack(call, "tile_stack_clear")) return *e;
    return void_result();
}

ResultOrError count(const RuleCall& call, std::string_view) {
    if (auto e = not_a_stack(call, "tile_stack_count")) return *e;
    return value(scalar_t(Scalar::Int32));
}

constexpr ValueRule kValueRules[] = {
    {"tile_stack_value_func", stack},       {"tile_stack_push_value_func", push},
    {"tile_stack_pop_value_func", pop, 2},  {"tile_stack_clear_value_func", clear},
    {"tile_stack_count_value_func", count},
};

// push, pop, clear and count pass their arguments as they are.
Dispatch pass_through(const RuleCall& call, const CallResult&) {
    return dispatch_all(call);
}

constexpr DispatchRule kDispatchRules[] = {
    {"tile_stack_dispatch_func", stack_dispatch},     {"tile_stack_push_dispatch_func", pass_through},
    {"tile_stack_pop_dispatch_func", pass_through},   {"tile_stack_clear_dispatch_func", pass_through},
    {"tile_stack_count_dispatch_func", pass_through},
};

} // namespace
} // namespace tile_stack_rules

std::span<const ValueRule> tile_stack_value_rules() {
    return tile_stack_rules::kValueRules;
}
std::span<const DispatchRule> tile_stack_dispatch_rules() {
    return tile_stack_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
