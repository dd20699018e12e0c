// Warp's builtin functions as data, and the rules Warp applies to a call of
// one: overload resolution, return types, argument dispatch (which arguments
// reach C++, with which template arguments) and initializer lists.
//
// The per-overload facts (parameter names and type patterns, native name,
// namespace, differentiability, ...) are read from the pinned warp-lang by
// tools/dump_warp_registry.py into registry_table.inc. Rules that Warp
// computes in Python (value_func, dispatch_func, initializer_list_func) are
// encoded by hand, per family, in the rules_*.cpp files.
//
// Typical use by the code generator, for `wp.vec3(a, b, c)`:
//
//     const Builtin* b = find("vector");                  // the constructor of wp.vec3
//     const Overload* ov = resolve(*b, args, kwargs, 0);  // nullptr: no overload matches
//     auto bound = builtins::bind(*ov, args, kwargs, type_args); // type_args: length=3, dtype=float32
//     ResultOrError r = result_of(*ov, *bound);           // vec3f, or Warp's error
//     Dispatch d = dispatch(*ov, *bound, *r.result);      // args, template args <3, wp::float32>
//     native_name(*ov, d);                                // "vec_t<3, wp::float32>"
#pragma once

#include "types/constant.h"
#include "types/type.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ws::builtins {

// The most parameters an overload may have: the bound size of the slot arrays that bind() and
// resolve() fill, one per parameter.
inline constexpr size_t kMaxParams = 64;

// One argument of a call as the resolver sees it.
struct CallArg {
    // Type of the value (may be a Reference; resolution strips it). Null when
    // the argument is not a value (a type object, see below).
    TypeRef type = nullptr;
    // Set when the argument is itself a type, e.g. `dtype=wp.float32`.
    TypeRef type_object = nullptr;
    // Compile-time value when known (literals, constants, type arguments).
    const Constant* constant = nullptr;
    // Compile-time elements when the argument is a tuple of constants, e.g.
    // `shape=(3, 3)` or the `shape` type argument of a matrix type (`type` is
    // then the tuple type). Null otherwise.
    const std::vector<Constant>* tuple_values = nullptr;
    // A tuple whose elements are known: each element's compile-time value, or null for a
    // runtime element (Warp's tuple_t.values, which keep constants as Python values).
    std::vector<const Constant*> tuple_element_constants = {};
    // `type_object` is Python's float, int or bool (not wp.float32...): Warp keeps the Python
    // class, which some callbacks tell apart and C++ template arguments spell `float`.
    bool python_type = false;
    // A Warp function passed as a value (a builtin or a user function): what a `Callable`
    // parameter takes (tile_map, tile_reduce).
    bool function = false;
};

// A type pattern from a builtin signature: a concrete type or one of Warp's
// generic families (Scalar, Float, Int, Vector[Any, Float], array(dtype=Any)...).
// Defined in builtins/type_pattern.h.
struct TypePattern;

struct Param {
    std::string_view name;      // "a", "*args", "dtype", ...
    const TypePattern* pattern; // never null
    bool has_default = false;
    bool default_is_none = false;
    std::optional<Constant> default_value; // when the default is a number/bool
    TypeRef default_type = nullptr;        // when the default is a type (e.g. dtype=float32)
    bool variadic = false;                 // `*args`: takes the remaining positional arguments
    bool keyword_only = false;             // after `*args`: can only be passed by keyword
    // Name without the leading `*` ("args" for "*args"): the key of bound arguments.
    std::string_view bare_name() const { return variadic ? name.substr(1) : name; }
};

namespace detail {
struct OverloadImpl; // rule bindings, private to the rules_*.cpp files
}

struct Overload {
    std::string_view key;         // Python name, e.g. "add"
    std::string_view native_func; // C++ name, e.g. "add", "vec_t"
    std::string_view ns;          // "wp::" or ""
    std::vector<Param> params;
    TypeRef value_type = nullptr; // fixed return type when Warp has one (else rules decide)
    // Fixed return types when Warp registers a list (`tid` in `i, j = wp.tid()`
    // returns [int32, int32]); also holds `value_type` alone for single fixed
    // types. Empty for void and for rule-decided results.
    std::vector<TypeRef> value_types;
    bool returns_void = false; // fixed return type None
    bool variadic = false;
    bool skip_replay = false;
    bool is_differentiable = true;
    bool require_original_output_arg = false;
    bool adjoint_uses_template_args = false;
    bool has_dispatch_func = false;
    bool has_value_func = false;
    bool has_initializer_list_func = false;
    bool has_lto_dispatch_func =
        false; // MathDx tile builtins (tile_matmul, ...): adjoints take template args
    bool is_generic = false;
    bool hidden = false;
    bool exported = false;
    int index = 0; // position among the builtin's overloads
    // Identities of Warp's Python callbacks, as the registry dump names them
    // ("vector_value_func", "sametypes_create_value_func", "quat_rotate.lambda"; "" = none).
    std::string_view value_rule;
    std::string_view value_rule_arg; // captured factory arguments, e.g. "op=add"
    std::string_view dispatch_rule;
    std::string_view initializer_list_rule;
    // Whether warpsynth implements every rule this overload needs; calls that
    // resolve to an unsupported overload get a clean "unsupported" answer.
    bool supported = true;
    const detail::OverloadImpl* impl = nullptr;
};

struct Builtin {
    std::string_view key;
    // The native name of the builtin itself (Warp's Function.native_func, which its module
    // hash reads): the first registered overload's, not always the first in resolution order.
    std::string_view native_func;
    std::vector<const Overload*> overloads;
    // A Python @wp.func that Warp registers as a builtin (transform_compose,
    // norm_l2, ...): no overloads; its body is Warp's Python source, which
    // warpsynth does not have. Calls to it are unsupported.
    bool python_defined = false;
};

// nullptr when Warp has no builtin of that name.
const Builtin* find(std::string_view key);

// Every builtin, in Warp's registry order.
std::span<const Builtin* const> all_builtins();

// The warp-lang release the registry table was generated from ("1.19.0").
std::string_view registry_warp_version();

// Warp's resolve_func for builtins: the first overload (in registry order)
// whose signature binds the arguments and whose types match, exact types first
// then type-erased ones. `min_outputs` > 0 requires that many outputs (tuple
// unpacking, e.g. `i, j = wp.tid()`). Returns nullptr when nothing matches.
//
// The second pass (type erasure) only concerns Warp's query objects: a query
// kind (_BvhQueryRay) binds to a parameter typed as its parent (BvhQuery); it
// runs only when an argument has such a parent. Type arguments (`wp.vec3` -> length, dtype) take no part in
// resolution, as in Warp. Only types matter (never constant values), so calls
// with positional arguments are memoized per thread: a repeated call costs a
// hash lookup.
const Overload* resolve(const Builtin& builtin, std::span<const CallArg> args,
                        std::span<const std::pair<std::string, CallArg>> kwargs, int min_outputs);

// The arguments bound to an overload's parameters in signature order, after
// Python's binding rules, type arguments and defaults. A `*args` parameter
// binds one BoundArg per value it receives, each named "args" (Warp keeps a
// tuple there); an empty `*args` binds none. Defaults that are None are left
// unbound, as Warp leaves them.
struct BoundArg {
    std::string_view name; // the overload's parameter name (the registry outlives every call)
    CallArg arg;
    // Index of the call argument this came from (positional first, then
    // keywords in call order); -1 for type arguments and defaults, which Warp
    // materializes as fresh constants only if they reach C++.
    int source = -1;
    // Whether this came from the overload's default (not a type argument).
    bool is_default = false;
    // Owned value for type arguments and defaults (arg.constant points here).
    std::optional<Constant> owned_constant;

    BoundArg() = default;
    BoundArg(std::string_view name, const CallArg& arg, int source) : name(name), arg(arg), source(source) {}
    BoundArg(const BoundArg& other);
    BoundArg& operator=(const BoundArg& other);
    BoundArg(BoundArg&& other) noexcept;
    BoundArg& operator=(BoundArg&& other) noexcept;
};

// Binds call arguments to `overload`'s parameters; nullopt if they do not bind.
// `type_args` are the implicit arguments of a type used as a constructor
// (`wp.vec3` brings length=3, dtype=float32); they fill unbound parameters.
// When `error` is given it receives Warp's message on failure (a TypeError of
// Python's binding, or a type argument that conflicts with an explicit one).
// Call it qualified (`builtins::bind(...)`): with std::vector or std::span
// arguments, an unqualified call also finds std::bind by argument-dependent
// lookup, and that template wins.
std::optional<std::vector<BoundArg>> bind(const Overload& overload, std::span<const CallArg> args,
                                          std::span<const std::pair<std::string, CallArg>> kwargs,
                                          std::span<const std::pair<std::string, CallArg>> type_args,
                                          std::string* error = nullptr);
// bind() writing into `bound` (cleared first), whose capacity a caller may reuse; false when
// the arguments do not bind.
bool bind_into(std::vector<BoundArg>& bound, const Overload& overload, std::span<const CallArg> args,
               std::span<const std::pair<std::string, CallArg>> kwargs,
               std::span<const std::pair<std::string, CallArg>> type_args, std::string* error = nullptr);

// What a call produces (Warp's value_func).
// A call's output types, up to three held in place (nearly every call has one): a vector
// allocated for every builtin call's result cost about 2,000 instructions per corpus kernel.
class TypeList {
  public:
    TypeList() = default;
    TypeList(std::initializer_list<TypeRef> ts) { append(ts.begin(), ts.end()); }
    TypeList(const std::vector<TypeRef>& ts) { append(ts.data(), ts.data() + ts.size()); } // NOLINT: implicit
    void push_back(TypeRef t) {
        if (size_ < kInline) {
            inline_[size_++] = t;
            return;
        }
        if (size_ == kInline) heap_.assign(inline_.begin(), inline_.end());
        heap_.push_back(t);
        ++size_;
    }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const TypeRef* begin() const { return size_ <= kInline ? inline_.data() : heap_.data(); }
    const TypeRef* end() const { return begin() + size_; }
    TypeRef operator[](size_t i) const { return begin()[i]; }
    TypeRef at(size_t i) const {
        if (i >= size_) throw std::out_of_range("TypeList::at");
        return begin()[i];
    }
    operator std::span<const TypeRef>() const { return {begin(), size_}; } // NOLINT: implicit
    bool operator==(std::span<const TypeRef> other) const {
        return std::equal(begin(), end(), other.begin(), other.end());
    }

  private:
    void append(const TypeRef* first, const TypeRef* last) {
        for (; first != last; ++first) push_back(*first);
    }
    static constexpr size_t kInline = 3;
    std::array<TypeRef, kInline> inline_{};
    size_t size_ = 0;
    std::vector<TypeRef> heap_; // all of them, beyond kInline
};

struct CallResult {
    enum class Kind { Void, Values, Constant, AliasArg } kind = Kind::Void;
    TypeList types;                   // Values: one or more outputs
    std::optional<Constant> constant; // Constant: the call folds to this value
    int alias_index = -1;             // AliasArg: the call is this bound argument
    // Warp's value function moved this bound tile argument to shared memory (tile_extract,
    // tile_sum along an axis): the variable's declaration becomes a shared tile's.
    int shared_tile_arg = -1;
    // The output's tile type is this bound argument's own type object (Warp's value function
    // returned it: a copy or `where` of register tiles), which later changes of storage share.
    int same_type_object_arg = -1;
    int shared_tile_arg2 = -1; // a second one (tile_sort's values)
    // Tiles inside a tuple argument moved so too: (bound argument, element) pairs.
    std::vector<std::pair<int, int>> shared_tile_elements;
};

// Returns the result, or an error message (Warp's value_func raising).
struct ResultOrError {
    std::optional<CallResult> result;
    std::string error;
    // Set with `error` when warpsynth does not implement the rule (not a Warp error).
    bool unsupported = false;
};
ResultOrError result_of(const Overload& overload, std::span<const BoundArg> bound);

// What reaches C++ (Warp's dispatch_func): arguments, and template arguments
// appended to the native name (`wp::vec_t<3, wp::float32>(...)`).
struct DispatchArg {
    int bound_index = -1;             // a bound argument ...
    std::optional<Constant> constant; // ... or a fresh constant (registered by codegen)
    // Warp wraps the argument in Reference(): it is passed as it is, without
    // the implicit wp::load of a reference-typed value (e.g. `wp::index(var_v, ...)`
    // receives the vector's pointer).
    bool as_reference = false;
    // >= 0: element k of the tuple passed as argument `bound_index` (Warp's extract_tuple of a
    // tuple value: a constant element becomes a fresh constant, a variable is passed as it is).
    int tuple_element = -1;
    // >= 0: the call's own output k (Warp's lto dispatch passes return_values[k]: tile_matmul's result).
    int output = -1;
    // Non-empty: C++ text passed as it is, no variable (Warp's Var(text, str, prefix=False):
    // "/* scalar */ 0", "wp::vec2f").
    std::string text = {};
};
struct Dispatch {
    std::vector<DispatchArg> args;
    std::vector<std::string> template_args; // C++ spellings, e.g. "3", "wp::float32"
    // Warp's dispatch_func raising (e.g. assigning a float64 into a vec3f
    // component); `unsupported` when warpsynth does not implement the rule.
    std::string error;
    bool unsupported = false;
    // Bound tile arguments Warp's lto dispatch moves to shared memory (`a.type.storage = "shared"`).
    std::vector<int> shared_tile_args;
};
Dispatch dispatch(const Overload& overload, std::span<const BoundArg> bound, const CallResult& result);
// dispatch() into `d`: dispatching every bound argument (most calls) reuses d.args' capacity.
void dispatch_into(Dispatch& d, const Overload& overload, std::span<const BoundArg> bound,
                   const CallResult& result);

// Whether arguments are emitted as `{a, b, c}` (Warp's initializer_list_func).
bool uses_initializer_list(const Overload& overload, std::span<const BoundArg> bound,
                           const CallResult& result);

// `compute_type_str(native_func, template_args)`.
std::string native_name(const Overload& overload, const Dispatch& dispatch);

// Warp's type_repr-like spelling of an argument for error messages.
std::string describe(const CallArg& arg);

// The message Warp gives when no overload matches:
// "Couldn't find function overload for 'key' that matched inputs with types: [...]".
std::string no_overload_message(const Builtin& builtin, std::span<const CallArg> args,
                                std::span<const std::pair<std::string, CallArg>> kwargs);

} // namespace ws::builtins
