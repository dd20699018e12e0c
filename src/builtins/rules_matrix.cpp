// Matrix rules: the `matrix` constructor behind wp.mat33(...) and
// wp.types.matrix(...), matrix_from_rows/cols, identity, decompositions,
// matrix products, and the hidden builtins for elements and rows.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace matrix_rules {
namespace {

struct Shape {
    int rows = 0, cols = 0;
};

// The `shape` argument: a tuple of two compile-time integers.
std::optional<Shape> shape_value(const RuleCall& call, int i) {
    const std::vector<Constant>* t = call.tuple_value(i);
    if (!t || t->size() != 2) return std::nullopt;
    std::optional<int64_t> rows = (*t)[0].as_int64(), cols = (*t)[1].as_int64();
    if (!rows || !cols || *rows < INT32_MIN || *rows > INT32_MAX || *cols < INT32_MIN || *cols > INT32_MAX)
        return std::nullopt;
    return Shape{static_cast<int>(*rows), static_cast<int>(*cols)};
}

ResultOrError matrix_value(const RuleCall& call, std::string_view) {
    const int shape_i = call.find("shape");
    const int dtype_i = call.find("dtype");
    std::optional<Shape> shape = shape_value(call, shape_i);
    if (shape_i >= 0 && !shape)
        return unsupported("the `shape` of a matrix must be a tuple of two constants");
    if (shape) {
        for (const Constant& c : *call.tuple_value(shape_i)) {
            Dimension d = dimension_value(c, "matrix shape");
            if (d.error) return *d.error;
        }
        // Warp sizes a matrix without rows as 0x0 in places (its column count comes from a row)
        if (shape->rows == 0 && shape->cols != 0)
            return unsupported("a matrix with zero rows and some columns is not supported");
    }
    TypeRef dtype = call.type_value(dtype_i);
    if (dtype_i >= 0 && !dtype)
        return fail("the `dtype` of a matrix must be a type"); // Warp fails on a value here too

    std::vector<int> args = call.all("args");
    const size_t n = args.size();
    if (n == 0) {
        if (!shape) return fail("the `shape` argument must be specified when zero-initializing a matrix");
        if (!dtype) dtype = scalar_t(Scalar::Float32);
    } else if (n == 1) {
        TypeRef vt = call.type(args[0]);
        if (vt && vt->is_matrix()) {
            if (!shape) {
                shape = Shape{vt->rows, vt->cols};
            } else if (vt->rows != shape->rows || vt->cols != shape->cols) {
                return fail(
                    fmt::format("incompatible matrix of shape {} given when copy constructing a matrix of "
                                "shape {}",
                                shape_str(shape->rows, shape->cols), shape_str(vt->rows, vt->cols)));
            }
            if (!dtype) dtype = scalar_t(vt->scalar);
        } else {
            if (!shape)
                return fail("the `shape` argument must be specified when filling a matrix with a value");
            if (!dtype) {
                dtype = vt;
            } else if (vt != dtype && !vars_match_dtype(call, args, dtype)) {
                return fail(
                    fmt::format("the value used to fill this matrix is expected to be of the type `{}`",
                                dtype_name(dtype)));
            }
        }
    } else {
        if (!shape) return fail("the `shape` argument must be specified when initializing a matrix by value");
        bool all_vectors = true;
        for (int i : args) all_vectors = all_vectors && call.type(i) && call.type(i)->is_vector();
        if (all_vectors)
            return fail("Passing vectors to `wp.matrix()` isn't supported, use `wp.matrix_from_rows()` or "
                        "`wp.matrix_from_cols()` instead.");
        if (static_cast<size_t>(shape->rows * shape->cols) != n)
            return fail(
                fmt::format("incompatible number of values given ({}) when constructing a matrix of shape {}",
                            n, shape_str(shape->rows, shape->cols)));
        if (dtype) {
            if (!vars_match_dtype(call, args, dtype))
                return fail(fmt::format(
                    "all values used to initialize this matrix are expected to be of the type `{}`",
                    dtype_name(dtype)));
        } else {
            std::vector<TypeRef> ts;
            for (int i : args) ts.push_back(call.type(i));
            Inferred s = scalar_infer_type(ts);
            if (!s.error.empty())
                return fail("all values given when constructing a matrix must have the same type");
            dtype = s.scalar;
        }
    }
    if (!dtype || !dtype->is_scalar())
        return unsupported("matrices of non-scalar components are not supported");
    return value(matrix_t(shape->rows, shape->cols, dtype->scalar));
}

Dispatch matrix_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    for (int i : call.all("args")) d.args.push_back(cast_scalar_constant(call, i, t->scalar));
    d.template_args = {std::to_string(t->rows), std::to_string(t->cols), template_arg(scalar_t(t->scalar))};
    return d;
}

bool matrix_init_list(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    size_t n = call.all("args").size();
    return !(n <= 1 || (t->rows == t->cols && t->cols < 5));
}

// matrix_from_cols / matrix_from_rows (rule argument "cols=1" / "cols=0").
ResultOrError matrix_from_vecs(const RuleCall& call, std::string_view arg) {
    std::vector<int> args = call.all("args");
    for (int i : args)
        if (!call.type(i) || !call.type(i)->is_vector())
            return fail("all arguments are expected to be vectors");
    if (args.empty()) return fail("tuple index out of range");
    TypeRef first = call.type(args[0]);
    for (int i : args)
        if (call.type(i)->length != first->length)
            return fail("all vectors are expected to have the same length");
    for (int i : args)
        if (call.type(i)->scalar != first->scalar)
            return fail("all vectors are expected to have the same dtype");
    int n = static_cast<int>(args.size());
    bool cols = arg == "cols=1";
    return value(cols ? matrix_t(first->length, n, first->scalar)
                      : matrix_t(n, first->length, first->scalar));
}

Dispatch matrix_from_vecs_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    for (int i : call.all("args")) d.args.push_back(DispatchArg{i, std::nullopt});
    bool square_small = t->rows == t->cols && t->rows >= 2 && t->rows <= 4;
    if (!square_small) d.template_args = {std::to_string(t->rows), std::to_string(t->cols)};
    d.template_args.push_back(template_arg(scalar_t(t->scalar)));
    return d;
}

bool matrix_from_vecs_init_list(const RuleCall&, const CallResult& result) {
    TypeRef t = result.types.at(0);
    return t->rows != t->cols || t->rows > 4;
}

ResultOrError identity(const RuleCall& call, std::string_view) {
    const Constant* n = call.constant("n");
    if (!n || n->kind == Constant::Kind::Composite)
        return fail("'n' must be a constant when calling identity()");
    TypeRef dtype = call.type_value("dtype");
    if (!dtype || !dtype->is_scalar()) return unsupported("identity() needs a scalar `dtype`");
    std::optional<int64_t> n64 = n->as_int64();
    if (!n64 || *n64 < 0 || *n64 > INT32_MAX) return unsupported("identity() needs a small non-negative `n`");
    int size = static_cast<int>(*n64);
    return value(matrix_t(size, size, dtype->scalar));
}

Dispatch identity_dispatch(const RuleCall&, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.template_args = {std::to_string(t->rows), template_arg(scalar_t(t->scalar))};
    return d;
}

ResultOrError matrix_transform(const RuleCall&, std::string_view) {
    return fail(
        "the built-in `wp.types.matrix()` to construct a 4x4 matrix from a 3D position, quaternion, and 3D "
        "scale vector has been removed in favor of `wp.transform_compose()`.");
}

ResultOrError transpose(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    return value(matrix_t(a->cols, a->rows, a->scalar));
}

ResultOrError same_as_a(const RuleCall& call, std::string_view) {
    return value(call.type("a"));
}

ResultOrError component_of_a(const RuleCall& call, std::string_view) {
    return value(scalar_t(call.type("a")->scalar));
}

ResultOrError trace(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    if (a->rows != a->cols)
        return fail(fmt::format("Matrix shape is {}. Cannot find the trace of non square matrices",
                                shape_str(a->rows, a->cols)));
    return value(scalar_t(a->scalar));
}

ResultOrError diag(const RuleCall& call, std::string_view) {
    TypeRef v = call.type("vec");
    return value(matrix_t(v->length, v->length, v->scalar));
}

ResultOrError get_diag(const RuleCall& call, std::string_view) {
    TypeRef m = call.type("mat");
    if (m->rows != m->cols)
        return fail(fmt::format("Matrix shape is {}; get_diag is only available for square matrices.",
                                shape_str(m->rows, m->cols)));
    return value(vector_t(m->rows, m->scalar));
}

// Decompositions: fixed shapes in A's scalar type.
ResultOrError svd3(const RuleCall& call, std::string_view) {
    Scalar s = call.type("A")->scalar;
    return values({matrix_t(3, 3, s), vector_t(3, s), matrix_t(3, 3, s)});
}
ResultOrError svd2(const RuleCall& call, std::string_view) {
    Scalar s = call.type("A")->scalar;
    return values({matrix_t(2, 2, s), vector_t(2, s), matrix_t(2, 2, s)});
}
ResultOrError qr3(const RuleCall& call, std::string_view) {
    Scalar s = call.type("A")->scalar;
    return values({matrix_t(3, 3, s), matrix_t(3, 3, s)});
}
ResultOrError eig3(const RuleCall& call, std::string_view) {
    Scalar s = call.type("A")->scalar;
    return values({matrix_t(3, 3, s), vector_t(3, s)});
}

std::string mat_shape(TypeRef m) {
    return shape_str(m->rows, m->cols);
}

ResultOrError matvec_mul(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b");
    if (a->scalar != b->scalar)
        return fail(fmt::format("Can't multiply matrix and vector with different types {}, {}",
                                class_str(scalar_t(a->scalar)), class_str(scalar_t(b->scalar))));
    if (a->cols != b->length)
        return fail(fmt::format("Can't multiply matrix of shape {} and vector with length {}", mat_shape(a),
                                b->length));
    return value(vector_t(a->rows, a->scalar));
}

ResultOrError vecmat_mul(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b");
    if (a->scalar != b->scalar)
        return fail(fmt::format("Can't multiply vector and matrix with different types {}, {}",
                                class_str(scalar_t(b->scalar)), class_str(scalar_t(a->scalar))));
    if (b->rows != a->length)
        return fail(fmt::format("Can't multiply vector with length {} and matrix of shape {}", a->length,
                                mat_shape(b)));
    return value(vector_t(b->cols, b->scalar));
}

ResultOrError matmat_mul(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b");
    if (a->scalar != b->scalar)
        return fail(fmt::format("Can't multiply matrices with different types {}, {}",
                                class_str(scalar_t(a->scalar)), class_str(scalar_t(b->scalar))));
    if (a->cols != b->rows)
        return fail(fmt::format("Can't multiply matrix of shapes {} and {}", mat_shape(a), mat_shape(b)));
    return value(matrix_t(a->rows, b->cols, a->scalar));
}

// extract(m, i) is a row, extract(m, i, j) an element; slices keep their
// dimension (Warp's matrix_extract_value_func: -1 for an integer index).
ResultOrError matrix_extract(const RuleCall& call, std::string_view) {
    TypeRef m = call.type("a");
    int shape[2] = {m->rows, m->cols};
    TypeRef idx[2] = {call.type("i"), call.has("j") ? call.type("j") : nullptr};
    int out[2];
    int ndim = 0;
    for (int k = 0; k < 2; ++k) {
        bool sliced = idx[k] && idx[k]->kind == TypeKind::Slice;
        out[k] = !idx[k] ? shape[k] : sliced ? types::slice_length(idx[k], shape[k]) : -1;
        ndim += out[k] >= 0 ? 1 : 0;
    }
    if (ndim == 0) return value(scalar_t(m->scalar));
    if (ndim == 1) return value(vector_t(out[0] != -1 ? out[0] : out[1], m->scalar));
    if (out[0] == 0 || out[1] == 0) out[0] = out[1] = 0;
    return value(matrix_t(out[0], out[1], m->scalar));
}

// With a slice, the result's shape is the template arguments.
Dispatch matrix_extract_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d = dispatch_all(call);
    bool sliced = false;
    for (const char* n : {"i", "j"})
        sliced = sliced || (call.has(n) && call.type(n)->kind == TypeKind::Slice);
    TypeRef out = result.types.empty() ? nullptr : result.types[0];
    if (sliced && out && out->is_vector()) d.template_args = {std::to_string(out->length)};
    if (sliced && out && out->is_matrix())
        d.template_args = {std::to_string(out->rows), std::to_string(out->cols)};
    return d;
}

ResultOrError matrix_index_row(const RuleCall& call, std::string_view) {
    return value(types::reference(types::matrix_row(call.type("a"))));
}

ResultOrError matrix_index_element(const RuleCall& call, std::string_view) {
    return value(scalar_ref_t(call.type("a")->scalar));
}

Dispatch matrix_indexref_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt, true});
    d.args.push_back(DispatchArg{call.find("i"), std::nullopt});
    if (call.has("j")) d.args.push_back(DispatchArg{call.find("j"), std::nullopt});
    return d;
}

Dispatch matrix_assign_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef m = call.type("a");
    TypeRef value_type = call.type("value");
    TypeRef component = scalar_t(m->scalar);
    Dispatch d;
    for (const char* n : {"i", "j"})
        if (call.has(n) && call.type(n)->kind == TypeKind::Slice) {
            d.error = "assigning to a slice of a matrix is not supported";
            d.unsupported = true;
            return d;
        }
    if (!call.has("j")) {
        if (!value_type || !value_type->is_vector() || value_type->scalar != m->scalar) {
            d.error =
                fmt::format("The provided value is expected to be a vector of length {}, with dtype {}.",
                            m->cols, type_repr(component));
            return d;
        }
        if (value_type->length != m->cols) {
            d.error =
                fmt::format("The length of the provided vector ({}) isn't compatible with the given slice "
                            "(expected {}).",
                            value_type->length, m->cols);
            return d;
        }
    } else if (!types_equal(value_type, component)) {
        d.error =
            fmt::format("The provided value is expected to be a scalar of type {}.", type_repr(component));
        return d;
    }
    return dispatch_all(call);
}

constexpr ValueRule kValueRules[] = {
    {"matrix_value_func", matrix_value},
    {"matrix_from_vecs_create_value_func", matrix_from_vecs},
    {"identity_value_func", identity},
    {"matrix_transform_value_func", matrix_transform},
    {"transpose.lambda", transpose},
    {"inverse_value_func", same_as_a},
    {"determinant_value_func", component_of_a},
    {"trace_value_func", trace},
    {"diag_value_func", diag},
    {"get_diag_value_func", get_diag},
    {"svd3_value_func", svd3, 3},
    {"svd2_value_func", svd2, 3},
    {"qr3_value_func", qr3, 2},
    {"eig3_value_func", eig3, 2},
    {"matvec_mul_value_func", matvec_mul},
    {"mul_vecmat_value_func", vecmat_mul},
    {"matmat_mul_value_func", matmat_mul},
    {"matrix_extract_value_func", matrix_extract, kUntypedRaises},
    {"matrix_index_row_value_func", matrix_index_row, kUntypedRaises},
    {"matrix_index_value_func", matrix_index_element, kUntypedRaises},
    {"matrix_ij_value_func", matrix_index_element, kUntypedRaises},
    {"matrix_assign_copy_value_func", same_as_a, kUntypedRaises},
};

constexpr DispatchRule kDispatchRules[] = {
    {"matrix_dispatch_func", matrix_dispatch},
    {"matrix_from_vecs_dispatch_func", matrix_from_vecs_dispatch},
    {"identity_dispatch_func", identity_dispatch},
    {"matrix_extract_dispatch_func", matrix_extract_dispatch},
    {"matrix_index_row_dispatch_func", matrix_indexref_dispatch},
    {"matrix_ij_dispatch_func", matrix_indexref_dispatch},
    {"matrix_assign_dispatch_func", matrix_assign_dispatch},
};

constexpr InitListRule kInitListRules[] = {
    {"matrix_initializer_list_func", matrix_init_list},
    {"matrix_from_vecs_initializer_list_func", matrix_from_vecs_init_list},
};

} // namespace
} // namespace matrix_rules

std::span<const ValueRule> matrix_value_rules() {
    return matrix_rules::kValueRules;
}
std::span<const DispatchRule> matrix_dispatch_rules() {
    return matrix_rules::kDispatchRules;
}
std::span<const InitListRule> matrix_init_list_rules() {
    return matrix_rules::kInitListRules;
}

} // namespace ws::builtins::detail
