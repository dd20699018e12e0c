// The arguments of `for ... in range(...)`: Warp's eval_num decides which are
// compile-time numbers; when all are, Python's range() of them is unrolled or
// becomes a loop with constant bounds (Warp's get_unroll_range).
#include "codegen/adjoint.h"
#include "codegen/module_scope.h"
#include "codegen/python_eval.h"
#include "types/python_number.h"

#include <fmt/format.h>

namespace ws {

namespace {

// Warp's types.is_int: a Python int (not a bool) or a Warp integer scalar.
bool is_warp_int(const Constant& c) {
    return c.kind == Constant::Kind::PyInt || (c.kind == Constant::Kind::Scalar && c.type->is_int_scalar());
}

} // namespace

RangeArg Adjoint::eval_range_arg(const ast::Expr* a) {
    // A literal, or a wp.static(...) that Warp replaced by one: numeric,
    // whatever its value (range() itself then checks it).
    auto literal = [&](const ast::Expr* e) -> std::optional<Constant> {
        if (ObjectRef obj = src.static_value(e)) {
            if (obj->kind != Object::Kind::Constant) fail(e, "range() arguments must be integers");
            return *obj->value;
        }
        if (e->kind != ast::ExprKind::Constant) return std::nullopt;
        const auto* c = ast::as<ast::Constant>(e);
        if (c->value_kind != ast::Constant::Kind::Int && c->value_kind != ast::Constant::Kind::Float &&
            c->value_kind != ast::Constant::Kind::Bool)
            fail(e, "range() arguments must be integers");
        return literal_value(*c);
    };
    RangeArg ra;
    if (auto v = literal(a)) {
        ra.numeric = true;
        ra.value = std::move(v);
        return ra;
    }
    if (a->kind == ast::ExprKind::UnaryOp && ast::as<ast::UnaryOp>(a)->op == ast::UnaryOpKind::USub)
        if (auto v = literal(ast::as<ast::UnaryOp>(a)->operand)) {
            if (!v->is_py_number()) fail(a, "negating a Warp value in a range() argument is not supported");
            ra.numeric = true;
            ra.value = python::unary(python::UnaryOp::Neg, *v);
            return ra;
        }
    // A global (e.g. a wp.constant), else the evaluated expression.
    ObjectRef obj = resolve_static_path(a);
    // A Python int codegen computes (`v.length`).
    Value value;
    if (!obj && a->kind == ast::ExprKind::Attribute) {
        value = eval(a);
        if (value.is_object()) obj = value.object;
    }
    if (obj && obj->kind == Object::Kind::Constant) {
        ra.value = *obj->value;
        ra.numeric = is_warp_int(*ra.value);
        return ra;
    }
    if (!value.is_var()) value = eval(a);
    if (!value.is_var()) fail(a, "range() argument does not evaluate to a value");
    Var* v = value.var;
    if (v->constant) {
        ra.value = *v->constant;
        ra.numeric = is_warp_int(*ra.value);
    }
    if (!ra.numeric) ra.var = v;
    return ra;
}

ConstantRange Adjoint::python_range(const ast::Call* call, const std::vector<RangeArg>& args) {
    // Python's range(*values): each value must be an int (operator.index).
    std::vector<PyInt> v;
    for (size_t k = 0; k < args.size(); ++k) {
        const Constant& c = *args[k].value;
        if (c.kind == Constant::Kind::PyInt || c.kind == Constant::Kind::PyBool) {
            v.push_back(c.i);
        } else if (c.kind == Constant::Kind::Scalar && c.type->is_int_scalar() && c.holds_int()) {
            v.push_back(ctypes_int(c.type->scalar, c.i)); // a Warp int's __index__ wraps to its width
        } else {
            const char* type = c.kind == Constant::Kind::PyFloat ? "float" : c.type->repr.c_str();
            fail(call->args[k],
                 fmt::format("range() argument: '{}' object cannot be interpreted as an integer", type));
        }
    }
    ConstantRange r;
    if (v.size() == 1) {
        r.stop = v[0];
    } else {
        r.start = v[0];
        r.stop = v[1];
        if (v.size() == 3) r.step = v[2];
    }
    if (r.step.is_zero()) fail(call, "range() arg 3 must not be zero");
    PyInt span = r.step.sign() > 0 ? r.stop - r.start : r.start - r.stop;
    PyInt step = r.step.sign() > 0 ? r.step : -r.step;
    PyInt count = span.sign() > 0 ? PyInt::floor_div(span - 1, step) + 1 : PyInt(0);
    std::optional<int64_t> n = count.to_int64();
    if (!n)
        fail(call,
             "the length of this range() does not fit a Py_ssize_t (Python's len() raises OverflowError: "
             "Python int too large to convert to C ssize_t)");
    r.count = *n;
    return r;
}

} // namespace ws
