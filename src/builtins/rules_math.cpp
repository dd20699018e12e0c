// Return-type rules shared by the scalar math builtins and the arithmetic
// operators (min, max, sin, add, mul, ...): "all arguments have the same type",
// "the scalar type of the arguments", lerp, and scalar * composite products.
#include "builtins/rules.h"

namespace ws::builtins::detail {

namespace math_rules {
namespace {

// Warp's arg_types.values(), in signature order.
std::vector<TypeRef> arg_types(const RuleCall& call) {
    std::vector<TypeRef> out;
    out.reserve(call.bound.size());
    for (size_t i = 0; i < call.bound.size(); ++i) out.push_back(call.type(static_cast<int>(i)));
    return out;
}

bool sametypes(std::span<const TypeRef> ts) {
    for (TypeRef t : ts)
        if (!types_equal(t, ts[0])) return false;
    return true;
}

// sametypes_create_value_func(default): every argument of one type, which is the result.
ResultOrError same_types(const RuleCall& call, std::string_view) {
    std::vector<TypeRef> ts = arg_types(call);
    if (!sametypes(ts)) return fail("Input types must be the same, got " + repr_list(ts));
    return value(ts.empty() ? nullptr : ts[0]);
}

// scalar_sametypes_value_func / float_sametypes_value_func: the common scalar type.
ResultOrError scalar_same_types(const RuleCall& call, std::string_view) {
    std::vector<TypeRef> ts = arg_types(call);
    if (!sametypes(ts)) return fail("Input types must be exactly the same, got " + repr_list(ts));
    Inferred s = scalar_infer_type(ts);
    if (!s.error.empty()) return fail(s.error);
    return value(s.scalar);
}

// lerp_create_value_func: a and b of one type, t their scalar type.
ResultOrError lerp(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b"), t = call.type("t");
    if (!types_equal(a, b)) return fail("Can't lerp between objects with different types");
    if (scalar_type_of(a) != t)
        return fail("'t' parameter must have the same scalar type as objects you're lerping between");
    return value(a);
}

// scalar_mul_create_value_func: composite * scalar (either order) -> the composite.
ResultOrError scalar_mul(const RuleCall& call, std::string_view) {
    TypeRef scalar = nullptr, compound = nullptr;
    for (TypeRef t : arg_types(call)) {
        // Warp's scalar_types leave out bool.
        bool is_scalar = t && t->is_scalar() && !t->is_bool();
        if (is_scalar && !scalar) scalar = t;
        if (!is_scalar && !compound) compound = t;
    }
    if (!scalar || !compound || !compound->is_composite())
        return fail("Object and coefficient must have the same scalar type when multiplying by scalar");
    if (scalar != scalar_type_of(compound))
        return fail("Object and coefficient must have the same scalar type when multiplying by scalar");
    return value(compound);
}

ResultOrError uint32_result(const RuleCall&, std::string_view) {
    return value(scalar_t(Scalar::UInt32));
}

// expect_eq_value_func: a check with no value; a and b of one type.
ResultOrError expect_eq(const RuleCall& call, std::string_view) {
    if (!types_equal(call.type("a"), call.type("b")))
        return fail("Can't test equality for objects with different types");
    return void_result();
}

constexpr ValueRule kRules[] = {
    {"sametypes_create_value_func", same_types},
    {"scalar_sametypes_value_func", scalar_same_types},
    {"float_sametypes_value_func", scalar_same_types},
    {"lerp_create_value_func", lerp},
    {"scalar_mul_create_value_func", scalar_mul},
    {"argmin.lambda", uint32_result},
    {"argmax.lambda", uint32_result},
    {"expect_eq_value_func", expect_eq, kUntypedRaises},
};

} // namespace
} // namespace math_rules

std::span<const ValueRule> math_value_rules() {
    return math_rules::kRules;
}

} // namespace ws::builtins::detail
