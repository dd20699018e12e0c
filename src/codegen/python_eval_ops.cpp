// Operators on numbers: unary, binary and comparisons.
#include "codegen/python_eval.h"

#include <cmath>

namespace ws {

namespace {

bool is_py_number(const ObjectRef& o) {
    return o && o->kind == Object::Kind::Constant && o->value->is_py_number();
}

std::optional<bool> python_compare(ast::CmpOpKind op, const Constant& a, const Constant& b) {
    bool floats = a.kind == Constant::Kind::PyFloat || b.kind == Constant::Kind::PyFloat;
    auto cmp = [&](auto x, auto y) -> std::optional<bool> {
        switch (op) {
        case ast::CmpOpKind::Eq: return x == y;
        case ast::CmpOpKind::NotEq: return x != y;
        case ast::CmpOpKind::Lt: return x < y;
        case ast::CmpOpKind::LtE: return x <= y;
        case ast::CmpOpKind::Gt: return x > y;
        case ast::CmpOpKind::GtE: return x >= y;
        default: return std::nullopt;
        }
    };
    if (floats) return cmp(a.as_double(), b.as_double());
    return cmp(a.as_int(), b.as_int());
}

} // namespace

std::optional<Constant> python_binary(ast::BinOpKind op, const Constant& a, const Constant& b) {
    bool floats = a.kind == Constant::Kind::PyFloat || b.kind == Constant::Kind::PyFloat;
    if (floats) {
        double x = a.as_double(), y = b.as_double();
        switch (op) {
        case ast::BinOpKind::Add: return Constant::py_float(x + y);
        case ast::BinOpKind::Sub: return Constant::py_float(x - y);
        case ast::BinOpKind::Mult: return Constant::py_float(x * y);
        case ast::BinOpKind::Div:
            if (y == 0.0) break;
            return Constant::py_float(x / y);
        case ast::BinOpKind::Pow: return Constant::py_float(std::pow(x, y));
        case ast::BinOpKind::FloorDiv:
            if (y == 0.0) break;
            return Constant::py_float(std::floor(x / y));
        case ast::BinOpKind::Mod: {
            if (y == 0.0) break;
            double m = std::fmod(x, y);
            if (m != 0.0 && ((m < 0) != (y < 0))) m += y;
            return Constant::py_float(m);
        }
        default: break;
        }
        return std::nullopt;
    }
    int64_t x = a.as_int(), y = b.as_int();
    switch (op) {
    case ast::BinOpKind::Add: return Constant::py_int(x + y);
    case ast::BinOpKind::Sub: return Constant::py_int(x - y);
    case ast::BinOpKind::Mult: return Constant::py_int(x * y);
    case ast::BinOpKind::Div:
        if (y == 0) break;
        return Constant::py_float(static_cast<double>(x) / static_cast<double>(y));
    case ast::BinOpKind::FloorDiv: {
        if (y == 0) break;
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
        return Constant::py_int(q);
    }
    case ast::BinOpKind::Mod: {
        if (y == 0) break;
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return Constant::py_int(m);
    }
    case ast::BinOpKind::Pow:
        if (y < 0) return Constant::py_float(std::pow(static_cast<double>(x), static_cast<double>(y)));
        {
            int64_t r = 1;
            for (int64_t k = 0; k < y; ++k) r *= x;
            return Constant::py_int(r);
        }
    case ast::BinOpKind::LShift: return Constant::py_int(x << y);
    case ast::BinOpKind::RShift: return Constant::py_int(x >> y);
    case ast::BinOpKind::BitAnd: return Constant::py_int(x & y);
    case ast::BinOpKind::BitOr: return Constant::py_int(x | y);
    case ast::BinOpKind::BitXor: return Constant::py_int(x ^ y);
    default: break;
    }
    return std::nullopt;
}

ObjectRef PythonEval::unary(const ast::UnaryOp* u) const {
    ObjectRef v = eval(u->operand);
    if (!is_py_number(v)) return unsupported(u);
    const Constant& c = *v->value;
    switch (u->op) {
    case ast::UnaryOpKind::USub:
        if (c.kind == Constant::Kind::PyFloat) return Object::make_constant(Constant::py_float(-c.f));
        return Object::make_constant(Constant::py_int(-c.as_int()));
    case ast::UnaryOpKind::UAdd:
        if (c.kind == Constant::Kind::PyBool) return Object::make_constant(Constant::py_int(c.as_int()));
        return v;
    case ast::UnaryOpKind::Not: return Object::make_constant(Constant::py_bool(!c.truthy()));
    case ast::UnaryOpKind::Invert:
        if (c.kind == Constant::Kind::PyFloat) return unsupported(u);
        return Object::make_constant(Constant::py_int(~c.as_int()));
    }
    return unsupported(u);
}

ObjectRef PythonEval::binary(const ast::BinOp* b) const {
    ObjectRef l = eval(b->left), r = eval(b->right);
    if (is_py_number(l) && is_py_number(r))
        if (auto v = python_binary(b->op, *l->value, *r->value)) return Object::make_constant(*v);
    return unsupported(b);
}

ObjectRef PythonEval::compare(const ast::Compare* c) const {
    ObjectRef left = eval(c->left);
    bool result = true;
    for (size_t i = 0; i < c->ops.size(); ++i) {
        ObjectRef right = eval(c->comparators[i]);
        if (!is_py_number(left) || !is_py_number(right)) return unsupported(c);
        auto r = python_compare(c->ops[i], *left->value, *right->value);
        if (!r) return unsupported(c);
        result = result && *r;
        left = right;
    }
    return Object::make_constant(Constant::py_bool(result));
}

} // namespace ws
