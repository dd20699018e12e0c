// Texture rules (builtins.py, "Textures"): texture_sample returns the `dtype` it is given,
// which must be one of Warp's texture sample types, and passes it to C++ as the template
// argument.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace texture_rules {
namespace {

// Warp checks `dtype in {float, vec2f, vec4f}`: Python's float, not wp.float32.
ResultOrError texture_sample_value(const RuleCall& call, std::string_view) {
    TypeRef dtype = call.type_value("dtype");
    if (!dtype) {
        ResultOrError r = fail("texture_sample needs a Warp type as `dtype`");
        r.unsupported = true;
        return r;
    }
    bool supported = call.is_python_type("dtype") ? dtype->is_float_scalar()
                                                  : dtype->is_vector() && dtype->scalar == Scalar::Float32 &&
                                                        (dtype->length == 2 || dtype->length == 4);
    if (!supported)
        return fail(
            fmt::format("unsupported texture type `{}`. Supported types: float, vec2f, vec4f",
                        call.is_python_type("dtype") ? template_arg(call, "dtype") : type_repr(dtype)));
    return value(dtype);
}

// Every argument but `dtype`, which becomes the template argument.
Dispatch texture_sample_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    for (int i : call.all_except({"dtype"})) d.args.push_back(DispatchArg{i, std::nullopt});
    d.template_args = {template_arg(call, "dtype")};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"texture_sample_1d_value_func", texture_sample_value, kUntypedSingle},
    {"texture_sample_2d_value_func", texture_sample_value, kUntypedSingle},
    {"texture_sample_3d_value_func", texture_sample_value, kUntypedSingle},
};

constexpr DispatchRule kDispatchRules[] = {
    {"texture_sample_1d_dispatch_func", texture_sample_dispatch},
    {"texture_sample_2d_dispatch_func", texture_sample_dispatch},
    {"texture_sample_3d_dispatch_func", texture_sample_dispatch},
};

} // namespace
} // namespace texture_rules

std::span<const ValueRule> texture_value_rules() {
    return texture_rules::kValueRules;
}
std::span<const DispatchRule> texture_dispatch_rules() {
    return texture_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
