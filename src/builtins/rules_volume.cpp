// Volume rules (builtins.py, "Volumes"): volume_sample, volume_sample_grad, volume_lookup
// and volume_store take the voxel type as `dtype` (or from `value`), which must be one Warp
// stores in a volume, and pass it to C++ as the template argument.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace volume_rules {
namespace {

// Warp's _volume_supported_value_types.
bool volume_type_supported(TypeRef t) {
    if (!t) return false;
    if (t->is_scalar())
        return t->scalar == Scalar::Int32 || t->scalar == Scalar::Int64 || t->scalar == Scalar::UInt32 ||
               t->scalar == Scalar::Float32 || t->scalar == Scalar::Float64;
    return t->is_vector() && (t->length == 3 || t->length == 4) &&
           (t->scalar == Scalar::Float32 || t->scalar == Scalar::Float64);
}

// `dtype` as a type object, checked; nullopt when it is fine.
std::optional<ResultOrError> check_dtype(TypeRef dtype) {
    if (!dtype) {
        ResultOrError r = fail("volume builtins need a Warp type as `dtype`");
        r.unsupported = true;
        return r;
    }
    if (!volume_type_supported(dtype))
        return fail(fmt::format("unsupported volume type `{}`", type_repr(dtype)));
    return std::nullopt;
}

ResultOrError volume_value(const RuleCall& call, std::string_view) {
    TypeRef dtype = call.type_value("dtype");
    if (auto err = check_dtype(dtype)) return *err;
    return value(dtype);
}

ResultOrError volume_sample_grad_value(const RuleCall& call, std::string_view) {
    TypeRef dtype = call.type_value("dtype");
    if (auto err = check_dtype(dtype)) return *err;
    TypeRef expected =
        dtype->is_vector() ? matrix_t(dtype->length, 3, dtype->scalar) : vector_t(3, dtype->scalar);
    TypeRef grad = call.type("grad");
    if (!types_equal(grad, expected))
        return fail(fmt::format("Incompatible gradient type, expected {}, got {}", type_repr(expected),
                                type_repr(grad)));
    return value(dtype);
}

ResultOrError volume_store_value(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("value");
    if (!volume_type_supported(t)) return fail(fmt::format("unsupported volume type `{}`", type_repr(t)));
    return void_result();
}

// Every argument but `dtype`, which becomes the template argument.
Dispatch volume_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    for (int i : call.all_except({"dtype"})) d.args.push_back(DispatchArg{i, std::nullopt});
    d.template_args = {template_arg(call, "dtype")}; // Python's float spells `float`
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"volume_value_func", volume_value, kUntypedSingle},
    {"volume_lookup_value_func", volume_value, kUntypedSingle},
    {"volume_sample_grad_value_func", volume_sample_grad_value, kUntypedSingle},
    {"volume_store_value_func", volume_store_value, kUntypedSingle},
};

constexpr DispatchRule kDispatchRules[] = {
    {"volume_dispatch_func", volume_dispatch},
    {"volume_lookup_dispatch_func", volume_dispatch},
    {"volume_sample_grad_dispatch_func", volume_dispatch},
};

} // namespace
} // namespace volume_rules

std::span<const ValueRule> volume_value_rules() {
    return volume_rules::kValueRules;
}
std::span<const DispatchRule> volume_dispatch_rules() {
    return volume_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
