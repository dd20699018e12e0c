// Private interface between the registry and the rule files (rules_*.cpp):
// Warp's Python callbacks, re-implemented by hand, looked up by the identity
// the registry dump gives them.
#pragma once

#include "builtins/builtin.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ws::builtins::detail {

// A bound call as Warp's callbacks see it: `arg_types` / `arg_values` keyed by
// parameter name, in signature order.
class RuleCall {
  public:
    RuleCall(const Overload& ov, std::span<const BoundArg> bound) : ov(ov), bound(bound) {}

    const Overload& ov;
    std::span<const BoundArg> bound;

    // First bound argument named `name`, or -1.
    int find(std::string_view name) const;
    bool has(std::string_view name) const { return find(name) >= 0; }
    // Bound arguments named `name` (the values of `*args`).
    std::vector<int> all(std::string_view name) const;
    // Bound arguments not named in `skip` (Warp's `{k: v ... if k != 'dtype'}`).
    std::vector<int> all_except(std::initializer_list<std::string_view> skip) const;

    // arg_types[name]: the value's type with references stripped; a type
    // object passed by keyword is its own type; a type argument (`wp.vec3` ->
    // dtype) has Python's `type` as its type, which is spelled nullptr here.
    TypeRef type(int i) const;
    TypeRef type(std::string_view name) const { return type(find(name)); }
    // The type of the value with references kept (Var.type).
    TypeRef raw_type(int i) const { return bound[i].arg.type; }

    // arg_values[name]: a compile-time constant ...
    const Constant* constant(int i) const;
    const Constant* constant(std::string_view name) const {
        return i_or_null(find(name), &RuleCall::constant);
    }
    // ... a type object (`dtype=wp.float32`, or a type argument) ...
    TypeRef type_value(int i) const;
    TypeRef type_value(std::string_view name) const;
    // Whether that type object is Python's float, int or bool.
    bool is_python_type(std::string_view name) const;
    // ... or a runtime variable (Python: isinstance(value, Var)).
    bool is_var(int i) const;
    // A tuple constant (`shape=(3, 3)`), or null.
    const std::vector<Constant>* tuple_value(int i) const;

  private:
    const Constant* i_or_null(int i, const Constant* (RuleCall::*f)(int) const) const {
        return i < 0 ? nullptr : (this->*f)(i);
    }
};

using ValueFn = ResultOrError (*)(const RuleCall& call, std::string_view rule_arg);
using DispatchFn = Dispatch (*)(const RuleCall& call, const CallResult& result);
using InitListFn = bool (*)(const RuleCall& call, const CallResult& result);

// What `value_func(None, None)` gives (Warp's check of `min_outputs`).
inline constexpr int kUntypedSingle = 0;  // not a sequence
inline constexpr int kUntypedRaises = -1; // the callback fails without types

struct ValueRule {
    std::string_view name;
    ValueFn fn;
    int untyped_outputs = kUntypedSingle; // > 0: a sequence of that many types
};
struct DispatchRule {
    std::string_view name;
    DispatchFn fn;
};
struct InitListRule {
    std::string_view name;
    InitListFn fn;
};

struct OverloadImpl {
    const ValueRule* value = nullptr;       // null: fixed value type
    const DispatchRule* dispatch = nullptr; // null: every bound argument, no template arguments
    const InitListRule* init_list = nullptr;
    int untyped_outputs = kUntypedSingle;
    // Bit i: parameter i's default has a type the parameter rejects
    // (func_match_args checks defaults too; the answer is fixed per overload).
    uint64_t default_mismatch = 0;
};

// Rule tables, one per family (rules_*.cpp).
std::span<const ValueRule> math_value_rules();
std::span<const ValueRule> vector_value_rules();
std::span<const DispatchRule> vector_dispatch_rules();
std::span<const InitListRule> vector_init_list_rules();
std::span<const ValueRule> matrix_value_rules();
std::span<const DispatchRule> matrix_dispatch_rules();
std::span<const InitListRule> matrix_init_list_rules();
std::span<const ValueRule> quat_transform_value_rules();
std::span<const DispatchRule> quat_transform_dispatch_rules();
std::span<const InitListRule> quat_transform_init_list_rules();
std::span<const ValueRule> spatial_value_rules();
std::span<const DispatchRule> spatial_dispatch_rules();
std::span<const InitListRule> spatial_init_list_rules();
std::span<const ValueRule> array_value_rules();
std::span<const DispatchRule> array_dispatch_rules();
std::span<const ValueRule> utility_value_rules();
std::span<const DispatchRule> utility_dispatch_rules();
std::span<const ValueRule> volume_value_rules();
std::span<const DispatchRule> volume_dispatch_rules();
std::span<const ValueRule> texture_value_rules();
std::span<const DispatchRule> texture_dispatch_rules();
std::span<const ValueRule> tile_value_rules();
std::span<const DispatchRule> tile_dispatch_rules();
std::span<const ValueRule> tile_linalg_value_rules();
std::span<const DispatchRule> tile_linalg_dispatch_rules();
std::span<const ValueRule> tile_inplace_value_rules();
std::span<const DispatchRule> tile_inplace_dispatch_rules();
std::span<const ValueRule> tile_construct_value_rules(); // rules_tile_construct.cpp
std::span<const DispatchRule> tile_construct_dispatch_rules();
std::span<const ValueRule> tile_stack_value_rules(); // rules_tile_stack.cpp
std::span<const DispatchRule> tile_stack_dispatch_rules();
std::span<const ValueRule> tile_shape_value_rules(); // rules_tile_shape.cpp
std::span<const DispatchRule> tile_shape_dispatch_rules();
std::span<const ValueRule> tile_view_value_rules();
std::span<const DispatchRule> tile_view_dispatch_rules();
std::span<const ValueRule> tile_indexed_value_rules();
std::span<const DispatchRule> tile_indexed_dispatch_rules();
std::span<const ValueRule> tile_element_value_rules();
std::span<const DispatchRule> tile_element_dispatch_rules();

// --- helpers shared by the rule files (rules_common.cpp) ---

ResultOrError value(TypeRef t);
ResultOrError values(TypeList ts);
ResultOrError void_result();
ResultOrError fail(std::string message);
// A rule warpsynth does not implement for these arguments (not a Warp error).
ResultOrError unsupported(std::string message);
// A vector length or matrix dimension given as a constant: a non-negative int. A negative or
// fractional value is an error (Warp rejects it: a ctypes array length); a bool (Warp prints
// `true` in the C++ type) or an integral float (Warp accepts 3.0 only when a type of that shape
// exists already, e.g. vec3) is unsupported. `what` names it in the message.
struct Dimension {
    int64_t value = 0;
    std::optional<ResultOrError> error;
};
Dimension dimension_value(const Constant& c, std::string_view what);

// Warp's scalar_infer_type over argument types: the one scalar type of all
// scalar and composite arguments (bool included); an error if several.
// Null entries (Python `type`) and other kinds are ignored.
struct Inferred {
    TypeRef scalar = nullptr; // a scalar type, or null when none was found
    std::string error;
};
Inferred scalar_infer_type(std::span<const TypeRef> types);
// The component (scalar) type of a scalar or composite type (Warp's _wp_scalar_type_).
TypeRef scalar_type_of(TypeRef t);
// Interned types, memoized: types::vector() and friends build the type's
// spellings before looking it up, which would dominate the rules' cost.
TypeRef scalar_t(Scalar s);
TypeRef vector_t(int length, Scalar s);
TypeRef matrix_t(int rows, int cols, Scalar s);
TypeRef quat_t(Scalar s);
TypeRef transform_t(Scalar s);
TypeRef scalar_ref_t(Scalar s); // Reference(scalar)

// Warp's types_equal: interned types are equal when identical, except that
// arrays compare only their class and dtype (never ndim), tiles only their dtype,
// tuples element-wise.
bool types_equal(TypeRef a, TypeRef b);
// Warp's type_repr.
std::string type_repr(TypeRef t);
// A dtype as Warp's messages print it: the scalar's name, else the type's repr.
std::string dtype_name(TypeRef t);
// Warp's _check_vars_match_dtype: runtime (non-constant) values among `values` must have the
// requested scalar type; constants are converted by the dispatch.
bool vars_match_dtype(const RuleCall& call, std::span<const int> values, TypeRef dtype);
// Python's repr of a list of type reprs: "['float32', 'int32']".
std::string repr_list(std::span<const TypeRef> types);
// Python's str() of a Warp type class, as f-strings print it: "<class 'warp._src.types.float32'>".
std::string class_str(TypeRef t);
// Python's str() of a shape tuple: "(3, 3)".
std::string shape_str(int rows, int cols);

// Every bound argument in order, no template arguments (Warp's default dispatch).
Dispatch dispatch_all(const RuleCall& call);
// dispatch_all's arguments written into `args` (replacing what it held), keeping its capacity;
// inline, as codegen's dispatch_into runs it for most builtin calls.
inline void dispatch_all_into(std::vector<DispatchArg>& args, size_t bound_count) {
    args.clear();
    args.resize(bound_count);
    for (size_t i = 0; i < bound_count; ++i) args[i].bound_index = static_cast<int>(i);
}
// Warp's _cast_scalar_constant: a constant scalar argument of another type
// becomes a fresh constant of `dtype`; anything else is passed through.
DispatchArg cast_scalar_constant(const RuleCall& call, int i, Scalar dtype);
// compute_type_str's param2str of a type.
std::string template_arg(TypeRef t);
// The same for the type object bound as `name`, which may be a Python class (`float`).
std::string template_arg(const RuleCall& call, std::string_view name);

} // namespace ws::builtins::detail
