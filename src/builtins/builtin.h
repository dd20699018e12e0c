// Warp's builtin functions as data, and the rules Warp applies to a call of
// one: overload resolution, return types, argument dispatch (which arguments
// reach C++, with which template arguments) and initializer lists.
//
// The per-overload facts (parameter names and type patterns, native name,
// namespace, differentiability, ...) are read from the pinned warp-lang by
// tools/dump_warp_registry.py into registry_table.inc. Rules that Warp
// computes in Python (value_func, dispatch_func, initializer_list_func) are
// encoded by hand, per family, in the rules_*.cpp files.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "types/constant.h"
#include "types/type.h"

namespace ws::builtins {

// One argument of a call as the resolver sees it.
struct CallArg {
    // Type of the value (may be a Reference; resolution strips it). Null when
    // the argument is not a value (a type object, see below).
    TypeRef type = nullptr;
    // Set when the argument is itself a type, e.g. `dtype=wp.float32`.
    TypeRef type_object = nullptr;
    // Compile-time value when known (literals, constants, type arguments).
    const Constant* constant = nullptr;
};

// A type pattern from a builtin signature: a concrete type or one of Warp's
// generic families (Scalar, Float, Int, Vector[Any, Float], array(dtype=Any)...).
struct TypePattern;

struct Param {
    std::string_view name;      // "a", "*args", "dtype", ...
    const TypePattern* pattern; // never null
    bool has_default = false;
    bool default_is_none = false;
    std::optional<Constant> default_value; // when the default is a number/bool
    TypeRef default_type = nullptr;        // when the default is a type (e.g. dtype=float32)
};

struct Overload {
    std::string_view key;         // Python name, e.g. "add"
    std::string_view native_func; // C++ name, e.g. "add", "vec_t"
    std::string_view ns;          // "wp::" or ""
    std::vector<Param> params;
    TypeRef value_type = nullptr; // fixed return type when Warp has one (else rules decide)
    bool variadic = false;
    bool skip_replay = false;
    bool is_differentiable = true;
    bool require_original_output_arg = false;
    bool adjoint_uses_template_args = false;
    bool has_dispatch_func = false;
    bool has_value_func = false;
    bool has_initializer_list_func = false;
    bool is_generic = false;
    int index = 0; // position among the builtin's overloads
};

struct Builtin {
    std::string_view key;
    std::vector<const Overload*> overloads;
};

// nullptr when Warp has no builtin of that name.
const Builtin* find(std::string_view key);

// Warp's resolve_func for builtins: the first overload (in registry order)
// whose signature binds the arguments and whose types match, exact types first
// then type-erased ones. `min_outputs` > 0 requires that many outputs (tuple
// unpacking, e.g. `i, j = wp.tid()`). Returns nullptr when nothing matches.
const Overload* resolve(const Builtin& builtin, std::span<const CallArg> args,
                        std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs);

// The arguments bound to an overload's parameters in signature order, after
// Python's binding rules, type arguments and defaults.
struct BoundArg {
    std::string name;
    CallArg arg;
    // Index of the call argument this came from (positional first, then
    // keywords in call order); -1 for type arguments and defaults, which Warp
    // materializes as fresh constants only if they reach C++.
    int source = -1;
    // Owned value for type arguments and defaults (arg.constant points here).
    std::optional<Constant> owned_constant;
};

// Binds call arguments to `overload`'s parameters; nullopt if they do not bind.
// `type_args` are the implicit arguments of a type used as a constructor
// (`wp.vec3` brings length=3, dtype=float32); they fill unbound parameters.
std::optional<std::vector<BoundArg>> bind(const Overload& overload, std::span<const CallArg> args,
                                          std::span<const std::pair<std::string, CallArg>> kwargs,
                                          std::span<const std::pair<std::string, CallArg>> type_args);

// What a call produces (Warp's value_func).
struct CallResult {
    enum class Kind { Void, Values, Constant, AliasArg } kind = Kind::Void;
    std::vector<TypeRef> types;       // Values: one or more outputs
    std::optional<Constant> constant; // Constant: the call folds to this value
    int alias_index = -1;             // AliasArg: the call is this bound argument
};

// Returns the result, or an error message (Warp's value_func raising).
struct ResultOrError {
    std::optional<CallResult> result;
    std::string error;
};
ResultOrError result_of(const Overload& overload, std::span<const BoundArg> bound);

// What reaches C++ (Warp's dispatch_func): arguments, and template arguments
// appended to the native name (`wp::vec_t<3, wp::float32>(...)`).
struct DispatchArg {
    int bound_index = -1;             // a bound argument ...
    std::optional<Constant> constant; // ... or a fresh constant (registered by codegen)
};
struct Dispatch {
    std::vector<DispatchArg> args;
    std::vector<std::string> template_args; // C++ spellings, e.g. "3", "wp::float32"
};
Dispatch dispatch(const Overload& overload, std::span<const BoundArg> bound, const CallResult& result);

// Whether arguments are emitted as `{a, b, c}` (Warp's initializer_list_func).
bool uses_initializer_list(const Overload& overload, std::span<const BoundArg> bound, const CallResult& result);

// `compute_type_str(native_func, template_args)`.
std::string native_name(const Overload& overload, const Dispatch& dispatch);

// Warp's type_repr-like spelling of an argument for error messages.
std::string describe(const CallArg& arg);

} // namespace ws::builtins
