// Spatial vector rules: the `spatial_vector` constructor (two 3-vectors or six
// scalars) and the spatial builtins whose results follow their argument's scalar type.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace spatial_rules {
namespace {

ResultOrError spatial_vector_value(const RuleCall& call, std::string_view) {
    const int dtype_i = call.find("dtype");
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype) return fail("the `dtype` of a spatial vector must be a type"); // as in Warp
    std::vector<int> args = call.all_except({"dtype"});
    const size_t n = args.size();
    std::vector<TypeRef> ts;
    for (int i : args) ts.push_back(call.type(i));
    if (n == 0) {
        if (!dtype) dtype = scalar_t(Scalar::Float32);
    } else if (n == 2) {
        for (TypeRef t : ts)
            if (!t || !t->is_vector() || t->length != 3)
                return fail("arguments `w` and `v` are expected to be vectors of length 3");
    } else if (n != 6) {
        return fail("2 vectors or 6 scalar values are expected when constructing a spatial vector");
    }
    if (n) {
        Inferred s = scalar_infer_type(ts);
        if (!s.error.empty())
            return fail("all values given when constructing a spatial vector must have the same type");
        if (!dtype) {
            dtype = s.scalar;
        } else if (s.scalar != dtype) {
            return fail(fmt::format(
                "all values used to initialize this spatial vector are expected to be of the type `{}`",
                dtype->is_scalar() ? std::string(scalar_name(dtype->scalar)) : type_repr(dtype)));
        }
    }
    return value(vector_t(6, dtype->scalar));
}

Dispatch spatial_vector_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    for (int i : call.all_except({"dtype"})) d.args.push_back(DispatchArg{i, std::nullopt});
    d.template_args = {std::to_string(t->length), template_arg(scalar_t(t->scalar))};
    return d;
}

ResultOrError spatial_adjoint(const RuleCall& call, std::string_view) {
    TypeRef ts[] = {call.type("r"), call.type("s")};
    Inferred s = scalar_infer_type(ts);
    if (!s.error.empty()) return fail(s.error);
    return value(matrix_t(6, 6, s.scalar->scalar));
}

// spatial_top / spatial_bottom: the 3-vector half.
ResultOrError spatial_half(const RuleCall& call, std::string_view) {
    return value(vector_t(3, call.type("svec")->scalar));
}

constexpr ValueRule kValueRules[] = {
    {"spatial_vector_value_func", spatial_vector_value},
    {"spatial_adjoint.lambda", spatial_adjoint},
    {"spatial_top.lambda", spatial_half},
    {"spatial_bottom.lambda", spatial_half},
};

constexpr DispatchRule kDispatchRules[] = {
    {"spatial_vector_dispatch_func", spatial_vector_dispatch},
};

constexpr InitListRule kInitListRules[] = {
    {"spatial_vector.lambda", [](const RuleCall&, const CallResult&) { return true; }},
};

} // namespace
} // namespace spatial_rules

std::span<const ValueRule> spatial_value_rules() {
    return spatial_rules::kValueRules;
}
std::span<const DispatchRule> spatial_dispatch_rules() {
    return spatial_rules::kDispatchRules;
}
std::span<const InitListRule> spatial_init_list_rules() {
    return spatial_rules::kInitListRules;
}

} // namespace ws::builtins::detail
