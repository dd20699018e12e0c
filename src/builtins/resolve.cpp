// Warp's resolve_func for builtins (codegen.py: Adjoint.resolve_func and
// func_match_args): overloads in registry order, Python's signature binding,
// then each parameter's type pattern against the argument's type.
//
// This runs for every builtin call of every kernel, often over dozens of
// candidates (`mul` has 179 overloads), so it allocates nothing: binding uses
// a small array of slots on the stack.
#include "builtins/builtin.h"
#include "builtins/rules.h"
#include "builtins/type_pattern.h"

#include <array>

namespace ws::builtins {

namespace {

constexpr int kMaxParams = 64;

// The type func_match_args compares: get_arg_type strips references, and a
// type object passed as an argument (`dtype=wp.float32`) is its own type.
TypeRef match_type(const CallArg& a) {
    if (a.type) return types::strip_reference(a.type);
    return a.type_object;
}

// Signature.bind + the type checks of func_match_args, for a non-variadic overload.
bool binds_and_matches(const Overload& ov, std::span<const CallArg> args,
                       std::span<const std::pair<std::string, CallArg>> kwargs) {
    const size_t np = ov.params.size();
    if (np > kMaxParams) return false;
    // slot[i]: the call argument bound to parameter i (positional index, or
    // args.size() + keyword index), -1 when unbound.
    std::array<int, kMaxParams> slot;
    slot.fill(-1);

    size_t next = 0;
    for (size_t i = 0; i < np && next < args.size(); ++i) {
        const Param& p = ov.params[i];
        if (p.keyword_only) break;
        if (p.variadic) {
            // A `*args` parameter takes the rest; Warp compares the tuple of
            // their types with the pattern, which only `Any` accepts.
            if (p.pattern->kind != TypePattern::Kind::Any) return false;
            next = args.size();
            break;
        }
        slot[i] = static_cast<int>(next++);
    }
    if (next < args.size()) return false; // too many positional arguments

    for (size_t k = 0; k < kwargs.size(); ++k) {
        const std::string& name = kwargs[k].first;
        size_t i = 0;
        while (i < np && (ov.params[i].variadic || ov.params[i].name != name)) ++i;
        if (i == np || slot[i] >= 0) return false; // unexpected keyword, or multiple values
        slot[i] = static_cast<int>(args.size() + k);
    }

    const detail::OverloadImpl& impl = *ov.impl;
    for (size_t i = 0; i < np; ++i) {
        const Param& p = ov.params[i];
        if (p.variadic) continue;
        if (slot[i] < 0) {
            if (!p.has_default) return false; // missing a required argument
            if (impl.default_mismatch & (uint64_t{1} << i)) return false;
            continue;
        }
        if (p.pattern->kind == TypePattern::Kind::Any) continue;
        const CallArg& a =
            slot[i] < static_cast<int>(args.size()) ? args[slot[i]] : kwargs[slot[i] - args.size()].second;
        if (!matches(*p.pattern, match_type(a))) return false;
    }
    return true;
}

} // namespace

const Overload* resolve(const Builtin& builtin, std::span<const CallArg> args,
                        std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs) {
    const size_t given = args.size() + kwargs.size();
    for (const Overload* ov : builtin.overloads) {
        // Warp skips all type checking for variadic overloads (they come last).
        if (!ov->variadic) {
            if (ov->params.size() < given) continue;
            if (!binds_and_matches(*ov, args, kwargs)) continue;
        }
        if (min_outputs > 0) {
            // Warp asks value_func(None, None) for a sequence of that length; a
            // callback that cannot run without types raises, which ends resolution.
            int n = ov->impl->untyped_outputs;
            if (n == detail::kUntypedRaises) return nullptr;
            if (n != min_outputs) continue;
        }
        return ov;
    }
    return nullptr;
}

std::string no_overload_message(const Builtin& builtin, std::span<const CallArg> args,
                                std::span<const std::pair<std::string, CallArg>> kwargs) {
    std::string list;
    auto add = [&](const CallArg& a) {
        if (!list.empty()) list += ", ";
        list += describe(a);
    };
    for (const CallArg& a : args) add(a);
    for (const auto& kw : kwargs) add(kw.second);
    return "Couldn't find function overload for '" + std::string(builtin.key) +
           "' that matched inputs with types: [" + list + "]";
}

} // namespace ws::builtins
