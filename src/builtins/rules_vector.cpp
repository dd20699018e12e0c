// Vector rules: the `vector` constructor behind wp.vec3(...) and
// wp.types.vector(...), vector products with matrix results (outer, skew), and
// the hidden builtins codegen uses for components (extract, index, assign_*).
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace vector_rules {
namespace {

// scalars_equal: exact scalar types.
bool scalars_equal(TypeRef a, TypeRef b) {
    return a == b;
}

// A compile-time integer argument (length=3), as Warp reads arg_values.
std::optional<int64_t> int_value(const RuleCall& call, int i) {
    if (i < 0) return std::nullopt;
    const Constant* c = call.constant(i);
    if (!c) return std::nullopt;
    return c->as_int64(); // ints only: ctypes refuses other lengths
}

ResultOrError vector_value(const RuleCall& call, std::string_view) {
    const int length_i = call.find("length");
    const int dtype_i = call.find("dtype");
    if (length_i >= 0 && call.constant(length_i)) {
        Dimension d = dimension_value(*call.constant(length_i), "vector length");
        if (d.error) return *d.error;
    }
    std::optional<int64_t> length = int_value(call, length_i);
    if (length_i >= 0 && !length)
        return fail("the `length` argument of a vector must be a compile-time integer");
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype) return fail("the `dtype` argument of a vector must be a type");

    std::vector<int> args = call.all("args");
    const size_t n = args.size();
    if (n == 0) {
        if (!length) return fail("the `length` argument must be specified when zero-initializing a vector");
        if (!dtype) dtype = scalar_t(Scalar::Float32);
    } else if (n == 1) {
        TypeRef vt = call.type(args[0]);
        if (vt && vt->is_vector()) {
            if (!length) {
                length = vt->length;
            } else if (vt->length != *length) {
                return fail(
                    fmt::format("incompatible vector of length {} given when copy constructing a vector of "
                                "length {}",
                                *length, vt->length));
            }
            if (!dtype) dtype = scalar_t(vt->scalar);
        } else {
            if (!length)
                return fail("the `length` argument must be specified when filling a vector with a value");
            if (!dtype) {
                dtype = vt;
            } else if (!scalars_equal(vt, dtype) && !vars_match_dtype(call, args, dtype)) {
                return fail(
                    fmt::format("the value used to fill this vector is expected to be of the type `{}`",
                                dtype_name(dtype)));
            }
        }
    } else {
        if (!length) {
            length = static_cast<int64_t>(n);
        } else if (*length != static_cast<int64_t>(n)) {
            return fail(fmt::format(
                "incompatible number of values given ({}) when constructing a vector of length {}", n,
                *length));
        }
        if (dtype) {
            if (!vars_match_dtype(call, args, dtype))
                return fail(fmt::format(
                    "all values used to initialize this vector are expected to be of the type `{}`",
                    dtype_name(dtype)));
        } else {
            std::vector<TypeRef> ts;
            for (int i : args) ts.push_back(call.type(i));
            Inferred s = scalar_infer_type(ts);
            if (!s.error.empty())
                return fail("all values given when constructing a vector must have the same type");
            dtype = s.scalar;
        }
    }
    if (!dtype || !dtype->is_scalar()) {
        ResultOrError r = fail("vectors of non-scalar components are not supported by warpsynth");
        r.unsupported = true;
        return r;
    }
    // dimension_value above refused negative lengths and lengths past an int.
    return value(vector_t(static_cast<int>(*length), dtype->scalar));
}

Dispatch vector_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    for (int i : call.all("args")) d.args.push_back(cast_scalar_constant(call, i, t->scalar));
    d.template_args = {std::to_string(t->length), template_arg(scalar_t(t->scalar))};
    return d;
}

bool vector_init_list(const RuleCall& call, const CallResult&) {
    return call.all("args").size() > 4;
}

// outer(a, b): a len(a) x len(b) matrix of their scalar type.
ResultOrError outer(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b");
    TypeRef ts[] = {a, b};
    Inferred s = scalar_infer_type(ts);
    if (!s.error.empty()) return fail(s.error);
    return value(matrix_t(a->length, b->length, s.scalar->scalar));
}

ResultOrError skew(const RuleCall& call, std::string_view) {
    return value(matrix_t(3, 3, call.type("vec")->scalar));
}

// Warp's _length_ of a vector, quaternion or transform.
int vector_like_length(TypeRef t) {
    return t->is_quat() ? 4 : t->is_transform() ? 7 : t->length;
}

// extract(a, i) on vectors, quaternions and transforms: the component type,
// or for a slice the vector of the components it selects.
ResultOrError vector_extract(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), i = call.type("i");
    if (i && i->kind == TypeKind::Slice)
        return value(vector_t(types::slice_length(i, vector_like_length(a)), a->scalar));
    return value(scalar_t(a->scalar));
}

// A slice's result is a vector: its length is a template argument.
Dispatch vector_extract_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d = dispatch_all(call);
    TypeRef out = result.types.empty() ? nullptr : result.types[0];
    if (out && out->is_vector()) d.template_args = {std::to_string(out->length)};
    return d;
}

// index / indexref: a reference to the component.
ResultOrError vector_index(const RuleCall& call, std::string_view) {
    return value(scalar_ref_t(call.type("a")->scalar));
}

Dispatch vector_index_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt, true});
    d.args.push_back(DispatchArg{call.find("i"), std::nullopt});
    return d;
}

// assign_inplace / assign_copy / add_inplace ... : the value must have the component type.
Dispatch vector_assign_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef vec = call.type("a");
    TypeRef value_type = call.type("value");
    TypeRef component = scalar_t(vec->scalar);
    TypeRef i = call.type("i");
    if (i && i->kind == TypeKind::Slice) {
        // A slice takes a vector of its length (no broadcasting); the length is a template argument.
        Dispatch d;
        if (i->slice_runtime) {
            d.error = "slices with runtime bounds are not supported here";
            d.unsupported = true;
            return d;
        }
        const int length = types::slice_length(i, vector_like_length(vec));
        if (!value_type || !value_type->is_vector()) {
            d.error =
                fmt::format("The provided value is expected to be a vector of length {}, with dtype {}.",
                            length, type_repr(component));
        } else if (value_type->scalar != vec->scalar) {
            d.error = fmt::format("The provided vector is expected to be of length {} with dtype {}.", length,
                                  type_repr(component));
        } else if (value_type->length != length) {
            d.error = fmt::format(
                "The length of the provided vector ({}) isn't compatible with the given slice (expected {}).",
                value_type->length, length);
        } else {
            d = dispatch_all(call);
            d.template_args = {std::to_string(length)};
        }
        return d;
    }
    if (!types_equal(value_type, component)) {
        Dispatch d;
        d.error =
            fmt::format("The provided value is expected to be a scalar of type {}.", type_repr(component));
        return d;
    }
    return dispatch_all(call);
}

ResultOrError vector_assign_copy(const RuleCall& call, std::string_view) {
    return value(call.type("a"));
}

constexpr ValueRule kValueRules[] = {
    {"vector_value_func", vector_value},
    {"outer_value_func", outer},
    {"skew.lambda", skew},
    {"vector_extract_value_func", vector_extract, kUntypedRaises},
    {"vector_index_value_func", vector_index, kUntypedRaises},
    {"vector_assign_copy_value_func", vector_assign_copy, kUntypedRaises},
};

constexpr DispatchRule kDispatchRules[] = {
    {"vector_dispatch_func", vector_dispatch},
    {"vector_extract_dispatch_func", vector_extract_dispatch},
    {"vector_index_dispatch_func", vector_index_dispatch},
    {"vector_assign_dispatch_func", vector_assign_dispatch},
};

constexpr InitListRule kInitListRules[] = {
    {"vector.lambda", vector_init_list},
};

} // namespace
} // namespace vector_rules

std::span<const ValueRule> vector_value_rules() {
    return vector_rules::kValueRules;
}
std::span<const DispatchRule> vector_dispatch_rules() {
    return vector_rules::kDispatchRules;
}
std::span<const InitListRule> vector_init_list_rules() {
    return vector_rules::kInitListRules;
}

} // namespace ws::builtins::detail
