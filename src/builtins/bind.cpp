// Binding a call to an overload the way Warp's resolve_call does it: Python's
// inspect.Signature.bind, then the type arguments of a type used as a
// constructor, then the overload's (non-None) defaults, all in signature order.
#include "builtins/builtin.h"
#include "types/python_number.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace ws::builtins {

BoundArg::BoundArg(const BoundArg& other)
    : name(other.name), arg(other.arg), source(other.source), is_default(other.is_default),
      owned_constant(other.owned_constant) {
    if (other.owned_constant && other.arg.constant == &*other.owned_constant) arg.constant = &*owned_constant;
}

BoundArg& BoundArg::operator=(const BoundArg& other) {
    if (this != &other) {
        BoundArg copy(other);
        *this = std::move(copy);
    }
    return *this;
}

BoundArg::BoundArg(BoundArg&& other) noexcept
    : name(std::move(other.name)), arg(other.arg), source(other.source), is_default(other.is_default),
      owned_constant(std::move(other.owned_constant)) {
    if (owned_constant && other.arg.constant == &*other.owned_constant) arg.constant = &*owned_constant;
}

BoundArg& BoundArg::operator=(BoundArg&& other) noexcept {
    if (this != &other) {
        bool points_to_own = other.owned_constant && other.arg.constant == &*other.owned_constant;
        name = std::move(other.name);
        arg = other.arg;
        source = other.source;
        is_default = other.is_default;
        owned_constant = std::move(other.owned_constant);
        if (points_to_own) arg.constant = &*owned_constant;
    }
    return *this;
}

namespace {

// Python `==` between two compile-time numbers.
bool numbers_equal(const Constant& a, const Constant& b) {
    // A Warp scalar compares by the raw Python value it wraps.
    auto raw = [](const Constant& c) {
        Constant r = c;
        r.kind = c.value_kind();
        return r;
    };
    return python::compare(python::CmpOp::Eq, raw(a), raw(b));
}

// Warp's values_check_equal(get_arg_value(explicit), type_arg).
bool values_check_equal(const CallArg& given, const CallArg& type_arg) {
    if (type_arg.type_object) return given.type_object == type_arg.type_object;
    if (type_arg.tuple_values) {
        if (!given.tuple_values || given.tuple_values->size() != type_arg.tuple_values->size()) return false;
        for (size_t i = 0; i < given.tuple_values->size(); ++i)
            if (!numbers_equal((*given.tuple_values)[i], (*type_arg.tuple_values)[i])) return false;
        return true;
    }
    if (type_arg.constant) {
        // A runtime variable never equals a Python value.
        return given.constant && given.constant->kind != Constant::Kind::Composite &&
               numbers_equal(*given.constant, *type_arg.constant);
    }
    return false;
}

} // namespace

std::optional<std::vector<BoundArg>> bind(const Overload& overload, std::span<const CallArg> args,
                                          std::span<const std::pair<std::string, CallArg>> kwargs,
                                          std::span<const std::pair<std::string, CallArg>> type_args,
                                          std::string* error) {
    std::vector<BoundArg> bound;
    if (!bind_into(bound, overload, args, kwargs, type_args, error)) return std::nullopt;
    return bound;
}

bool bind_into(std::vector<BoundArg>& bound, const Overload& overload, std::span<const CallArg> args,
               std::span<const std::pair<std::string, CallArg>> kwargs,
               std::span<const std::pair<std::string, CallArg>> type_args, std::string* error) {
    bound.clear();
    auto fail = [&](std::string message) {
        if (error) *error = std::move(message);
        return false;
    };
    const auto& params = overload.params;
    const size_t np = params.size();
    if (np > kMaxParams) return fail("too many parameters");

    // Per parameter: the call argument bound to it (positional index, or
    // args.size() + keyword index), -1 when unbound. A `*args` parameter takes
    // the positional arguments [variadic_begin, args.size()).
    std::array<int, kMaxParams> slot;
    std::fill_n(slot.begin(), np, -1);
    size_t variadic_param = np, variadic_begin = args.size();
    size_t next = 0;
    for (size_t i = 0; i < np && next < args.size(); ++i) {
        if (params[i].keyword_only) break;
        if (params[i].variadic) {
            variadic_param = i;
            variadic_begin = next;
            next = args.size();
            break;
        }
        slot[i] = static_cast<int>(next++);
    }
    if (next < args.size()) return fail("too many positional arguments");

    for (size_t k = 0; k < kwargs.size(); ++k) {
        const std::string& name = kwargs[k].first;
        size_t i = 0;
        while (i < np && (params[i].variadic || params[i].name != name)) ++i;
        if (i == np) return fail(fmt::format("got an unexpected keyword argument '{}'", name));
        if (slot[i] >= 0) return fail(fmt::format("multiple values for argument '{}'", name));
        slot[i] = static_cast<int>(args.size() + k);
    }
    for (size_t i = 0; i < np; ++i) {
        if (slot[i] < 0 && !params[i].variadic && !params[i].has_default)
            return fail(fmt::format("missing a required argument: '{}'", params[i].name));
    }

    // Type arguments fill parameters the call left unbound; given explicitly
    // as well, they must agree.
    // Only the first np cleared: zeroing all kMaxParams cost ~70 instructions per call.
    std::array<const CallArg*, kMaxParams> from_type_args;
    std::fill_n(from_type_args.begin(), np, nullptr);
    for (const auto& [name, value] : type_args) {
        size_t i = 0;
        while (i < np && (params[i].variadic || params[i].name != name)) ++i;
        if (i == np) continue; // Warp only applies the ones the signature has
        if (slot[i] >= 0) {
            int s = slot[i];
            const CallArg& given =
                s < static_cast<int>(args.size()) ? args[s] : kwargs[s - args.size()].second;
            if (values_check_equal(given, value)) continue;
            return fail(
                fmt::format("Remove the extraneous `{}` parameter when calling the templated version of "
                            "`wp.{}()`",
                            name, overload.native_func));
        }
        from_type_args[i] = &value;
    }

    bound.reserve(np + args.size());
    auto add_call_arg = [&](const Param& p, int s) {
        // Constructed with its argument (not assigned over a default one).
        bound.emplace_back(p.bare_name(),
                           s < static_cast<int>(args.size()) ? args[s] : kwargs[s - args.size()].second, s);
    };
    for (size_t i = 0; i < np; ++i) {
        const Param& p = params[i];
        if (i == variadic_param) {
            for (size_t s = variadic_begin; s < args.size(); ++s) add_call_arg(p, static_cast<int>(s));
            continue;
        }
        if (slot[i] >= 0) {
            add_call_arg(p, slot[i]);
            continue;
        }
        if (p.variadic) continue;
        if (from_type_args[i]) {
            BoundArg& b = bound.emplace_back();
            b.name = p.name;
            b.arg = *from_type_args[i];
            if (b.arg.constant) {
                b.owned_constant = *b.arg.constant;
                b.arg.constant = &*b.owned_constant;
            }
            continue;
        }
        if (p.has_default && !p.default_is_none) {
            BoundArg& b = bound.emplace_back();
            b.name = p.name;
            b.is_default = true;
            if (p.default_value) {
                b.owned_constant = *p.default_value;
                b.arg.type = p.default_value->type;
                b.arg.constant = &*b.owned_constant;
            } else {
                b.arg.type_object = p.default_type;
            }
        }
    }
    return true;
}

} // namespace ws::builtins
