// Warp's resolve_func for builtins (codegen.py: Adjoint.resolve_func and
// func_match_args): overloads in registry order, Python's signature binding,
// then each parameter's type pattern against the argument's type.
//
// This runs for every builtin call of every kernel, often over dozens of
// candidates (`mul` has 179 overloads), so it allocates nothing: binding uses
// a small array of slots on the stack, and positional calls are memoized.
#include "builtins/builtin.h"
#include "builtins/rules.h"
#include "builtins/type_pattern.h"

#include <array>
#include <functional>
#include <optional>
#include <unordered_map>

namespace ws::builtins {

namespace {

// The type func_match_args compares: get_arg_type strips references, and a
// type object passed as an argument (`dtype=wp.float32`) is its own type.
TypeRef match_type(const CallArg& a) {
    if (a.function) return types::function_param(); // matches a Callable parameter only
    if (a.type) return types::strip_reference(a.type);
    return a.type_object;
}

// A parameter's pattern against an argument type. On Warp's second pass
// (allow_erasure), a query kind (_BvhQueryRay) also binds to a parameter typed
// as its erased parent (BvhQuery).
bool param_matches(const TypePattern& pattern, TypeRef t, bool allow_erasure) {
    if (matches(pattern, t)) return true;
    return allow_erasure && t && t->erased && matches(pattern, t->erased);
}

// The common case: positional arguments only, bound to the leading parameters.
// Returns false when they do not bind or match; nullopt when the signature
// needs the general path (a keyword-only or `*args` parameter among them).
std::optional<bool> positional_binds_and_matches(const Overload& ov, std::span<const CallArg> args,
                                                 bool allow_erasure) {
    const size_t np = ov.params.size();
    const size_t na = args.size();
    for (size_t i = 0; i < na; ++i)
        if (ov.params[i].keyword_only || ov.params[i].variadic) return std::nullopt;
    const detail::OverloadImpl& impl = *ov.impl;
    for (size_t i = na; i < np; ++i) {
        const Param& p = ov.params[i];
        if (p.variadic) continue;
        if (!p.has_default) return false; // missing a required argument
        if (i < 64 && (impl.default_mismatch & (uint64_t{1} << i))) return false;
    }
    for (size_t i = 0; i < na; ++i) {
        const TypePattern& pattern = *ov.params[i].pattern;
        if (pattern.kind != TypePattern::Kind::Any &&
            !param_matches(pattern, match_type(args[i]), allow_erasure))
            return false;
    }
    return true;
}

// Signature.bind + the type checks of func_match_args, for a non-variadic overload.
bool binds_and_matches(const Overload& ov, std::span<const CallArg> args,
                       std::span<const std::pair<std::string, CallArg>> kwargs, bool allow_erasure) {
    const size_t np = ov.params.size();
    if (kwargs.empty()) {
        if (auto fast = positional_binds_and_matches(ov, args, allow_erasure)) return *fast;
    }
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
        if (!param_matches(*p.pattern, match_type(a), allow_erasure)) return false;
    }
    return true;
}

} // namespace

namespace {

// Whether any argument is a query kind with an erased parent (a second pass can match more).
bool has_erasable_arg(std::span<const CallArg> args,
                      std::span<const std::pair<std::string, CallArg>> kwargs) {
    auto erasable = [](const CallArg& a) {
        TypeRef t = match_type(a);
        return t && t->erased;
    };
    for (const CallArg& a : args)
        if (erasable(a)) return true;
    for (const auto& kw : kwargs)
        if (erasable(kw.second)) return true;
    return false;
}

const Overload* resolve_pass(const Builtin& builtin, std::span<const CallArg> args,
                             std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs,
                             bool allow_erasure, bool* raised) {
    const size_t given = args.size() + kwargs.size();
    for (const Overload* ov : builtin.overloads) {
        // Warp skips all type checking for variadic overloads (they come last).
        if (!ov->variadic) {
            if (ov->params.size() < given) continue;
            if (!binds_and_matches(*ov, args, kwargs, allow_erasure)) continue;
        }
        if (min_outputs > 0) {
            // Warp asks value_func(None, None) for a sequence of that length; a
            // callback that cannot run without types raises, which ends resolution.
            int n = ov->impl->untyped_outputs;
            if (n == detail::kUntypedRaises) {
                *raised = true;
                return nullptr;
            }
            if (n != min_outputs) continue;
        }
        return ov;
    }
    return nullptr;
}

// Warp's two passes: exact types first, then query kinds as their erased parents.
const Overload* resolve_uncached(const Builtin& builtin, std::span<const CallArg> args,
                                 std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs) {
    bool raised = false;
    if (const Overload* ov = resolve_pass(builtin, args, kwargs, min_outputs, false, &raised)) return ov;
    if (raised || !has_erasable_arg(args, kwargs)) return nullptr;
    return resolve_pass(builtin, args, kwargs, min_outputs, true, &raised);
}

// Resolution depends only on the builtin, the (interned) argument types and
// min_outputs, and the same few calls recur in every kernel, so positional
// calls are memoized per thread. The key is a plain struct: a lookup allocates
// nothing.
constexpr size_t kCachedArgs = 6;

struct CacheKey {
    const Builtin* builtin;
    int min_outputs;
    size_t count;
    std::array<TypeRef, kCachedArgs> types;
    bool operator==(const CacheKey&) const = default;
};

struct CacheKeyHash {
    size_t operator()(const CacheKey& k) const {
        size_t h = std::hash<const void*>()(k.builtin) ^
                   (static_cast<size_t>(k.min_outputs) * 0x9e3779b97f4a7c15ull);
        for (size_t i = 0; i < k.count; ++i)
            h = (h ^ std::hash<const void*>()(k.types[i])) * 0x100000001b3ull;
        return h;
    }
};

constexpr size_t kCacheLimit = 1 << 16; // plenty for a type universe; cleared if ever exceeded

} // namespace

const Overload* resolve(const Builtin& builtin, std::span<const CallArg> args,
                        std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs) {
    if (!kwargs.empty() || args.size() > kCachedArgs)
        return resolve_uncached(builtin, args, kwargs, min_outputs);
    thread_local std::unordered_map<CacheKey, const Overload*, CacheKeyHash> cache;
    CacheKey key{&builtin, min_outputs, args.size(), {}};
    for (size_t i = 0; i < args.size(); ++i) {
        key.types[i] = match_type(args[i]);
        // Struct types die with their compilation; their addresses may be reused.
        if (key.types[i] && key.types[i]->scoped) return resolve_uncached(builtin, args, kwargs, min_outputs);
    }
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    const Overload* ov = resolve_uncached(builtin, args, kwargs, min_outputs);
    if (cache.size() >= kCacheLimit) cache.clear();
    cache.emplace(key, ov);
    return ov;
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
