// Starred call arguments (`f(*v)`, `wp.vec3(*a[0:3])`): Warp unpacks a vector,
// matrix (rows), quaternion or transform, or a constant slice of one or of a 1D
// array, into one argument per element (Warp's unpack_starred).
#include "codegen/adjoint.h"

#include <fmt/format.h>

namespace ws {

namespace {

// Warp's _shape_[0] of a composite type.
int leading_length(TypeRef t) {
    switch (t->kind) {
    case TypeKind::Vector: return t->length;
    case TypeKind::Matrix: return t->rows;
    case TypeKind::Quaternion: return 4;
    case TypeKind::Transform: return 7;
    default: return 0;
    }
}

} // namespace

int64_t Adjoint::eval_const_slice_component(const ast::Expr* node) {
    Value v = eval(node);
    if (!v.is_var() || !v.var->constant) fail(node, "Slice component must be a compile-time constant.");
    if (!v.var->constant->holds_int()) fail(node, "Slice component must be an integer.");
    std::optional<int64_t> i = v.var->constant->as_int64();
    if (!i) fail(node, "slice component out of range");
    return *i;
}

// Warp's eval_const_slice: (start, stop, step), clamped as CPython's
// slice.indices(length) when the length is known (stop unset: INT64_MAX).
SliceBounds Adjoint::eval_const_slice(const ast::Slice* node, std::optional<int64_t> length) {
    int64_t step = node->step ? eval_const_slice_component(node->step) : 1;
    if (step == 0) fail(node, "Slice step cannot be zero.");
    if (!length) {
        if (step < 0 && (!node->lower || !node->upper))
            fail(node,
                 "Reverse slices require explicit start and stop bounds when the sequence length is not "
                 "known at compile time (e.g. slicing an array).");
        int64_t start = node->lower ? eval_const_slice_component(node->lower) : 0;
        std::optional<int64_t> stop;
        if (node->upper) stop = eval_const_slice_component(node->upper);
        return {start, stop, step};
    }
    int64_t n = *length;
    int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? n : n - 1;
    auto resolve = [&](const ast::Expr* component, int64_t fallback) {
        if (!component) return fallback;
        int64_t v = eval_const_slice_component(component);
        return v < 0 ? std::max(v + n, lower) : std::min(v, upper);
    };
    int64_t start = resolve(node->lower, step > 0 ? lower : upper);
    int64_t stop = resolve(node->upper, step > 0 ? upper : lower);
    return {start, stop, step};
}

std::vector<Value> Adjoint::unpack_starred(const ast::Starred* node) {
    const ast::Expr* value = node->value;
    Var* target = nullptr;
    TypeRef type = nullptr;
    int64_t start = 0, stop = 0, step = 1;
    if (value->kind == ast::ExprKind::Subscript &&
        ast::as<ast::Subscript>(value)->slice->kind == ast::ExprKind::Slice) {
        const auto* sub = ast::as<ast::Subscript>(value);
        const auto* slice = ast::as<ast::Slice>(sub->slice);
        target = eval_var(sub->value);
        type = types::strip_reference(target->type);
        if (type->is_composite()) {
            SliceBounds b = eval_const_slice(slice, leading_length(type));
            start = b.start, stop = *b.stop, step = b.step;
        } else if (type->is_array()) {
            if (type->ndim != 1)
                fail(node,
                     fmt::format("Starred expressions with slices are only supported for 1D arrays, got "
                                 "{}D array.",
                                 type->ndim));
            SliceBounds b = eval_const_slice(slice, std::nullopt);
            if (!slice->upper)
                fail(node,
                     "Starred expression on arrays requires explicit upper bound (e.g., *array[0:3], not "
                     "*array[0:]).");
            if (b.start < 0 || *b.stop < 0)
                fail(node, "Starred expression slice bounds cannot be negative for arrays.");
            if (b.step < 0) fail(node, "Starred expression slice step cannot be negative for arrays.");
            start = b.start, stop = *b.stop, step = b.step;
        } else {
            fail(node, fmt::format("Starred expressions with slices are only supported for arrays, vectors, "
                                   "quaternions, and matrices. Got {}.",
                                   type->repr));
        }
    } else {
        target = eval_var(value);
        type = types::strip_reference(target->type);
        if (type->is_composite()) {
            stop = leading_length(type);
        } else if (type->is_array()) {
            fail(node, "Starred expressions apply to arrays only if they are sliced with bounds known at "
                       "compile-time.");
        } else {
            fail(node, fmt::format("Starred expressions are only supported for arrays (with slice), vectors, "
                                   "quaternions, and matrices. Got {}.",
                                   type->repr));
        }
    }
    const char* builtin = type->is_array() ? "address" : "extract";
    std::vector<Value> elements;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
        elements.emplace_back(add_builtin_call1(builtin, {target, add_constant(Constant::py_int(i))}));
    if (elements.empty()) fail(node, "Starred expression results in empty sequence.");
    return elements;
}

} // namespace ws
