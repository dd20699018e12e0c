// The public entry points for what a resolved call produces: they pick the
// overload's rule (bound by the registry) or Warp's default behaviour when the
// builtin has no callback.
#include "builtins/builtin.h"
#include "builtins/rules.h"
#include "builtins/type_pattern.h"

#include <fmt/format.h>

namespace ws::builtins {

namespace {

std::string unsupported_message(const Overload& ov, std::string_view what, std::string_view rule) {
    return fmt::format("builtin '{}' is not supported by warpsynth ({} '{}')", ov.key, what,
                       rule.empty() ? std::string_view("fixed type") : rule);
}

} // namespace

ResultOrError result_of(const Overload& overload, std::span<const BoundArg> bound) {
    const detail::OverloadImpl& impl = *overload.impl;
    if (!overload.supported) {
        ResultOrError r;
        r.unsupported = true;
        std::string_view rule = overload.value_rule;
        std::string_view what = "value rule";
        if (impl.value || overload.value_rule.empty()) {
            if (overload.has_dispatch_func && !impl.dispatch) {
                rule = overload.dispatch_rule;
                what = "dispatch rule";
            } else if (overload.has_initializer_list_func && !impl.init_list) {
                rule = overload.initializer_list_rule;
                what = "initializer-list rule";
            } else {
                what = "return type";
            }
        }
        r.error = unsupported_message(overload, what, rule);
        return r;
    }
    if (impl.value) return impl.value->fn(detail::RuleCall(overload, bound), overload.value_rule_arg);
    // add_builtin's default value_func: the registered value_type.
    if (overload.returns_void || overload.value_types.empty()) return detail::void_result();
    return detail::values(overload.value_types);
}

Dispatch dispatch(const Overload& overload, std::span<const BoundArg> bound, const CallResult& result) {
    const detail::OverloadImpl& impl = *overload.impl;
    detail::RuleCall call(overload, bound);
    if (overload.has_dispatch_func) {
        if (!impl.dispatch) {
            Dispatch d;
            d.unsupported = true;
            d.error = unsupported_message(overload, "dispatch rule", overload.dispatch_rule);
            return d;
        }
        return impl.dispatch->fn(call, result);
    }
    return detail::dispatch_all(call);
}

void dispatch_into(Dispatch& d, const Overload& overload, std::span<const BoundArg> bound,
                   const CallResult& result) {
    if (overload.has_dispatch_func) {
        d = dispatch(overload, bound, result);
        return;
    }
    // dispatch_all in place; the rest reset, so `d` may hold an earlier call's dispatch.
    detail::dispatch_all_into(d.args, bound.size());
    d.template_args.clear();
    d.error.clear();
    d.unsupported = false;
    d.shared_tile_args.clear();
}

bool uses_initializer_list(const Overload& overload, std::span<const BoundArg> bound,
                           const CallResult& result) {
    const detail::OverloadImpl& impl = *overload.impl;
    if (!impl.init_list) return false;
    return impl.init_list->fn(detail::RuleCall(overload, bound), result);
}

std::string native_name(const Overload& overload, const Dispatch& dispatch) {
    if (dispatch.template_args.empty()) return std::string(overload.native_func);
    std::string out(overload.native_func);
    out += '<';
    for (size_t i = 0; i < dispatch.template_args.size(); ++i) {
        if (i) out += ", ";
        out += dispatch.template_args[i];
    }
    out += '>';
    return out;
}

std::string describe(const CallArg& arg) {
    if (arg.type) return detail::type_repr(types::strip_reference(arg.type));
    if (arg.type_object) return detail::type_repr(arg.type_object);
    return "None";
}

} // namespace ws::builtins
