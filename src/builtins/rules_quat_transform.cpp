// Quaternion and transform rules: the `quaternion` and `transformation`
// constructors behind wp.quat(...) / wp.transform(...), their identities, and
// the quat_* / transform_* builtins whose result takes the arguments' scalar type.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace quat_transform_rules {
namespace {

std::vector<TypeRef> types_of(const RuleCall& call, std::span<const int> idx) {
    std::vector<TypeRef> out;
    for (int i : idx) out.push_back(call.type(i));
    return out;
}

std::vector<TypeRef> all_types(const RuleCall& call) {
    std::vector<TypeRef> out;
    for (size_t i = 0; i < call.bound.size(); ++i) out.push_back(call.type(static_cast<int>(i)));
    return out;
}

// float_infer_type over every argument, then a result built from that scalar.
template <TypeRef (*Make)(Scalar)>
ResultOrError inferred(const RuleCall& call, std::string_view) {
    std::vector<TypeRef> ts = all_types(call);
    Inferred s = scalar_infer_type(ts);
    if (!s.error.empty()) return fail(s.error);
    if (!s.scalar) return unsupported("could not infer a scalar type");
    return value(Make(s.scalar->scalar));
}

TypeRef make_quat(Scalar s) {
    return quat_t(s);
}
TypeRef make_vec3(Scalar s) {
    return vector_t(3, s);
}
TypeRef make_mat33(Scalar s) {
    return matrix_t(3, 3, s);
}
TypeRef make_transform(Scalar s) {
    return transform_t(s);
}

// A quaternion or transform built for the `dtype` argument: Warp keeps Python's float as its
// type parameter (Type::python_float). Python's int and bool, which make no valid quaternion or
// transform, are not modelled.
ResultOrError made_for_dtype(const RuleCall& call, TypeRef t) {
    if (!call.is_python_type("dtype")) return value(t);
    if (t->scalar != Scalar::Float32)
        return unsupported("a quaternion or transform of Python's int or bool is not supported");
    return value(types::with_python_float(t));
}

ResultOrError quaternion_value(const RuleCall& call, std::string_view) {
    const int dtype_i = call.find("dtype");
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype)
        return fail("the `dtype` of a quaternion must be a type"); // Warp fails on a value here too
    std::vector<int> args = call.all_except({"dtype"});
    const size_t n = args.size();
    if (n == 0) {
        if (!dtype) {
            dtype = scalar_t(Scalar::Float32);
        } else if (!dtype->is_float_scalar() || call.is_python_type("dtype")) { // Python's float too
            return fail(
                "a float type is expected when zero-initializing a quaternion but got `type` instead");
        }
    } else if (n == 1) {
        TypeRef q = call.type(args[0]);
        if (q && q->is_quat() && !dtype) dtype = scalar_t(q->scalar);
    } else if (dtype) {
        if (!vars_match_dtype(call, args, dtype))
            return fail(fmt::format(
                "all values used to initialize this quaternion are expected to be of the type `{}`",
                dtype_name(dtype)));
    } else {
        Inferred s = scalar_infer_type(types_of(call, args));
        if (!s.error.empty())
            return fail("all values given when constructing a quaternion must have the same type");
        dtype = s.scalar;
    }
    if (!dtype)
        return fail("could not infer the `dtype` argument when calling the `wp.types.quaternion()` function");
    if (!dtype->is_scalar()) return unsupported("quaternions of non-scalar components are not supported");
    return made_for_dtype(call, quat_t(dtype->scalar));
}

Dispatch quaternion_dispatch(const RuleCall& call, const CallResult& result) {
    Scalar s = result.types.at(0)->scalar;
    Dispatch d;
    for (int i : call.all_except({"dtype"})) d.args.push_back(cast_scalar_constant(call, i, s));
    d.template_args = {template_arg(scalar_t(s))};
    return d;
}

// quat_identity / transform_identity: the dtype argument's type, float32 by default.
TypeRef identity_dtype(const RuleCall& call) {
    int i = call.find("dtype");
    if (i < 0) return scalar_t(Scalar::Float32);
    return call.type(i);
}

ResultOrError quat_identity(const RuleCall& call, std::string_view) {
    TypeRef dtype = identity_dtype(call);
    if (!dtype || !dtype->is_scalar()) return unsupported("quat_identity() needs a scalar `dtype`");
    return made_for_dtype(call, quat_t(dtype->scalar));
}

ResultOrError transform_identity(const RuleCall& call, std::string_view) {
    TypeRef dtype = identity_dtype(call);
    if (!dtype || !dtype->is_scalar()) return unsupported("transform_identity() needs a scalar `dtype`");
    return made_for_dtype(call, transform_t(dtype->scalar));
}

Dispatch identity_dispatch(const RuleCall&, const CallResult& result) {
    Dispatch d;
    d.template_args = {template_arg(scalar_t(result.types.at(0)->scalar))};
    return d;
}

ResultOrError quat_to_axis_angle(const RuleCall& call, std::string_view) {
    Scalar s = call.type("quat")->scalar;
    return values({vector_t(3, s), scalar_t(s)});
}

// transformation(*args, dtype): 0, 1 or 7 values.
ResultOrError transformation_value(const RuleCall& call, std::string_view) {
    const int dtype_i = call.find("dtype");
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype)
        return fail("the `dtype` of a transform must be a type"); // Warp fails on a value here too
    std::vector<int> args = call.all("args");
    const size_t n = args.size();
    if (n == 0) {
        if (!dtype) dtype = scalar_t(Scalar::Float32);
    } else if (n == 1) {
        TypeRef vt = call.type(args[0]);
        if (vt && vt->is_transform()) {
            TypeRef source = scalar_t(vt->scalar);
            if (!dtype) {
                dtype = source;
            } else if (source != dtype) {
                return fail(fmt::format(
                    "copy constructing a transform requires matching source and target dtypes, got "
                    "`{}` and `{}`",
                    dtype_name(source), dtype_name(dtype)));
            }
        } else if (!dtype) {
            dtype = vt;
        } else if (vt != dtype && !vars_match_dtype(call, args, dtype)) {
            return fail(
                fmt::format("the value used to fill this transform is expected to be of the type `{}`",
                            dtype_name(dtype)));
        }
    } else if (n == 7) {
        if (dtype) {
            if (!vars_match_dtype(call, args, dtype))
                return fail(
                    fmt::format("all values used to initialize this transform are expected to be of the type "
                                "`{}`",
                                dtype_name(dtype)));
        } else {
            Inferred s = scalar_infer_type(types_of(call, args));
            if (!s.error.empty())
                return fail("all values given when constructing a transform must have the same type");
            dtype = s.scalar;
        }
    } else {
        return fail(
            fmt::format("incompatible number of values given ({}) when constructing a transform; expected 0, "
                        "1, or 7",
                        n));
    }
    if (!dtype)
        return fail("could not infer the `dtype` argument when calling the `wp.transform()` function");
    if (!dtype->is_scalar()) return unsupported("transforms of non-scalar components are not supported");
    return made_for_dtype(call, transform_t(dtype->scalar));
}

// transformation(p, q=None, dtype=None).
ResultOrError transformation_pq_value(const RuleCall& call, std::string_view) {
    Inferred s = scalar_infer_type(all_types(call));
    if (!s.error.empty())
        return fail("all values given when constructing a transformation matrix must have the same type");
    const int dtype_i = call.find("dtype");
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype)
        return fail("the `dtype` of a transform must be a type"); // Warp fails on a value here too
    if (!dtype) {
        dtype = s.scalar;
    } else if (s.scalar != dtype) {
        return fail(
            fmt::format("all values used to initialize this transformation matrix are expected to be of the "
                        "type `{}`",
                        dtype_name(dtype)));
    }
    if (!dtype || !dtype->is_scalar()) return unsupported("could not infer a scalar type");
    return made_for_dtype(call, transform_t(dtype->scalar));
}

Dispatch transformation_dispatch(const RuleCall& call, const CallResult& result) {
    Scalar s = result.types.at(0)->scalar;
    Dispatch d;
    std::vector<int> args = call.all("args");
    if (!args.empty()) {
        for (int i : args) d.args.push_back(cast_scalar_constant(call, i, s));
    } else {
        for (int i : call.all_except({"dtype"})) d.args.push_back(DispatchArg{i, std::nullopt});
        if (call.has("p") && !call.has("q")) {
            // The rotation defaults to the identity quaternion, a fresh constant.
            Constant q;
            q.kind = Constant::Kind::Composite;
            q.type = quat_t(s);
            for (int v : {0, 0, 0, 1}) q.components.push_back(Constant::warp_scalar(s, Constant::py_int(v)));
            d.args.push_back(DispatchArg{-1, std::move(q)});
        }
    }
    d.template_args = {template_arg(scalar_t(s))};
    return d;
}

bool transformation_init_list(const RuleCall& call, const CallResult&) {
    return call.all("args").size() > 1;
}

constexpr ValueRule kValueRules[] = {
    {"quaternion_value_func", quaternion_value},
    {"quat_identity_value_func", quat_identity},
    {"quat_to_axis_angle_value_func", quat_to_axis_angle, 2},
    {"quat_from_axis_angle.lambda", inferred<make_quat>},
    {"quat_from_matrix.lambda", inferred<make_quat>},
    {"quat_rpy.lambda", inferred<make_quat>},
    {"quat_inverse.lambda", inferred<make_quat>},
    {"quat_slerp.lambda", inferred<make_quat>},
    {"quat_rotate.lambda", inferred<make_vec3>},
    {"quat_rotate_inv.lambda", inferred<make_vec3>},
    {"quat_to_matrix.lambda", inferred<make_mat33>},
    {"transformation_value_func", transformation_value},
    {"transformation_pq_value_func", transformation_pq_value},
    {"transform_identity_value_func", transform_identity},
    {"transform_get_translation.lambda", inferred<make_vec3>},
    {"transform_get_rotation.lambda", inferred<make_quat>},
    {"transform_multiply.lambda", inferred<make_transform>},
    {"transform_point.lambda", inferred<make_vec3>},
    {"transform_vector.lambda", inferred<make_vec3>},
};

constexpr DispatchRule kDispatchRules[] = {
    {"quaternion_dispatch_func", quaternion_dispatch},
    {"quat_identity_dispatch_func", identity_dispatch},
    {"transform_identity_dispatch_func", identity_dispatch},
    {"transformation_dispatch_func", transformation_dispatch},
};

constexpr InitListRule kInitListRules[] = {
    {"transformation.lambda", transformation_init_list},
};

} // namespace
} // namespace quat_transform_rules

std::span<const ValueRule> quat_transform_value_rules() {
    return quat_transform_rules::kValueRules;
}
std::span<const DispatchRule> quat_transform_dispatch_rules() {
    return quat_transform_rules::kDispatchRules;
}
std::span<const InitListRule> quat_transform_init_list_rules() {
    return quat_transform_rules::kInitListRules;
}

} // namespace ws::builtins::detail
