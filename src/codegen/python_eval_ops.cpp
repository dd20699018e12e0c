// Operators on numbers: unary, binary and comparisons, with Python's
// semantics (types/python_number.h).
#include "codegen/python_eval.h"
#include "syntax/parser.h"
#include "types/python_number.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws {

namespace {

bool is_complex(const ObjectRef& o) {
    return o && o->is_complex;
}

// What an operation on `a` (and `b`) gives when one is something we could not
// evaluate: that object, so its reason reaches the message; else null.
ObjectRef not_evaluated(const ObjectRef& a, const ObjectRef& b = nullptr) {
    for (const ObjectRef& o : {a, b})
        if (o && o->kind == Object::Kind::Unsupported && !o->is_complex) return o;
    return nullptr;
}

// A number, or a complex number whose value we do not know.
bool is_numeric(const ObjectRef& o) {
    return is_py_number(o) || is_complex(o);
}

// Python's name for the type of `o` when it is a class: a Python or Warp value type, a struct,
// an enum, `tuple`, `list` or `type`. Null otherwise.
const char* class_type_name(const ObjectRef& o) {
    if (!o) return nullptr;
    switch (o->kind) {
    case Object::Kind::Type: return o->type && o->type->is_value() ? "type" : nullptr;
    case Object::Kind::Struct:
    case Object::Kind::EnumClass: return "type";
    case Object::Kind::PyBuiltin:
        return o->name == "tuple" || o->name == "list" || o->name == "type" ? "type" : nullptr;
    default: return nullptr;
    }
}

std::optional<python::BinOp> python_op(ast::BinOpKind op) {
    using P = python::BinOp;
    switch (op) {
    case ast::BinOpKind::Add: return P::Add;
    case ast::BinOpKind::Sub: return P::Sub;
    case ast::BinOpKind::Mult: return P::Mult;
    case ast::BinOpKind::MatMult: return P::MatMult;
    case ast::BinOpKind::Div: return P::Div;
    case ast::BinOpKind::FloorDiv: return P::FloorDiv;
    case ast::BinOpKind::Mod: return P::Mod;
    case ast::BinOpKind::Pow: return P::Pow;
    case ast::BinOpKind::LShift: return P::LShift;
    case ast::BinOpKind::RShift: return P::RShift;
    case ast::BinOpKind::BitOr: return P::BitOr;
    case ast::BinOpKind::BitXor: return P::BitXor;
    case ast::BinOpKind::BitAnd: return P::BitAnd;
    }
    return std::nullopt;
}

std::optional<python::CmpOp> python_op(ast::CmpOpKind op) {
    using P = python::CmpOp;
    switch (op) {
    case ast::CmpOpKind::Eq: return P::Eq;
    case ast::CmpOpKind::NotEq: return P::NotEq;
    case ast::CmpOpKind::Lt: return P::Lt;
    case ast::CmpOpKind::LtE: return P::LtE;
    case ast::CmpOpKind::Gt: return P::Gt;
    case ast::CmpOpKind::GtE: return P::GtE;
    default: return std::nullopt; // is, in: not on numbers we model
    }
}

} // namespace

ObjectRef PythonEval::unary(const ast::UnaryOp* u) const {
    ObjectRef v = eval(u->operand);
    if (is_complex(v)) {
        if (u->op == ast::UnaryOpKind::Invert)
            throw PythonException{u->pos, "TypeError: bad operand type for unary ~: 'complex'"};
        return u->op == ast::UnaryOpKind::Not ? unsupported(u) : v;
    }
    if (ObjectRef n = not_evaluated(v)) return n;
    if (!is_py_number(v)) return unsupported(u);
    switch (u->op) {
    case ast::UnaryOpKind::USub: return Object::make_constant(python::unary(python::UnaryOp::Neg, *v->value));
    case ast::UnaryOpKind::UAdd: return Object::make_constant(python::unary(python::UnaryOp::Pos, *v->value));
    case ast::UnaryOpKind::Not: return Object::make_constant(python::unary(python::UnaryOp::Not, *v->value));
    case ast::UnaryOpKind::Invert:
        return Object::make_constant(python::unary(python::UnaryOp::Invert, *v->value));
    }
    return unsupported(u);
}

// `dict[str, int]` and the like, where the name is Python's own class: a generic alias.
bool PythonEval::is_generic_alias(const ast::Expr* e) const {
    if (e->kind != ast::ExprKind::Subscript) return false;
    const ast::Expr* base = ast::as<ast::Subscript>(e)->value;
    if (base->kind != ast::ExprKind::Name) return false;
    std::string_view id = ast::as<ast::Name>(base)->id;
    if ((locals_ && (*locals_)(id)) || scope_.global(id)) return false;
    static const std::string_view kGeneric[] = {"dict", "list", "tuple", "set", "frozenset", "type"};
    return std::find(std::begin(kGeneric), std::end(kGeneric), id) != std::end(kGeneric);
}

ObjectRef PythonEval::binary(const ast::BinOp* b) const {
    ObjectRef l = eval(b->left);
    ObjectRef r = eval(b->right);
    // `|` of a class or generic alias with a number (`int | 3`, `dict[str, Any] | True`): not a
    // union, and Python raises TypeError when the module runs. (Other operators are left alone:
    // ctypes classes such as Warp's vectors define `*` with an int.)
    if (b->op != ast::BinOpKind::BitOr) return binary(b->op, l, r, b->pos);
    const char* lc = is_generic_alias(b->left) ? "types.GenericAlias" : class_type_name(l);
    const char* rc = is_generic_alias(b->right) ? "types.GenericAlias" : class_type_name(r);
    if ((lc && is_numeric(r)) || (rc && is_numeric(l))) {
        auto name = [](const char* cls, const ObjectRef& o) -> std::string {
            return cls ? cls : is_complex(o) ? "complex" : python::type_name(*o->value);
        };
        throw PythonException{b->pos,
                              fmt::format("TypeError: unsupported operand type(s) for |: '{}' and '{}'",
                                          name(lc, l), name(rc, r))};
    }
    return binary(b->op, l, r, b->pos);
}

ObjectRef PythonEval::binary(ast::BinOpKind op, const ObjectRef& a, const ObjectRef& b,
                             const Pos& pos) const {
    if (ObjectRef n = not_evaluated(a, b)) return n;
    std::string text = source_segment(scope_.source(), pos);
    if (!is_numeric(a) || !is_numeric(b)) return Object::make_unsupported(text);
    try {
        if (is_complex(a) || is_complex(b))
            python::complex_binary(*python_op(op), is_py_number(b) && !b->value->truthy());
        return Object::make_constant(python::binary(*python_op(op), *a->value, *b->value));
    } catch (const python::Error& err) {
        throw PythonException{pos, err.what()};
    } catch (const python::ComplexResult&) {
        return Object::make_complex();
    } catch (const python::NotModeled& err) {
        return Object::make_unsupported(fmt::format("`{}` ({})", text, err.what()));
    }
}

ObjectRef PythonEval::compare(const ast::Compare* c) const {
    // `a < b < c` is `a < b and b < c`, each operand evaluated at most once,
    // and no further than the first false comparison.
    ObjectRef left = eval(c->left);
    for (size_t i = 0; i < c->ops.size(); ++i) {
        ObjectRef right = eval(c->comparators[i]);
        if (ObjectRef n = not_evaluated(left, right)) return n;
        std::optional<python::CmpOp> op = python_op(c->ops[i]);
        if (op && (is_complex(left) || is_complex(right)) && is_numeric(left) && is_numeric(right)) {
            if (*op == python::CmpOp::Eq || *op == python::CmpOp::NotEq) return unsupported(c);
            throw PythonException{c->pos, "TypeError: ordering comparison with a complex number"};
        }
        if (!op || !is_py_number(left) || !is_py_number(right)) return unsupported(c);
        if (!python::compare(*op, *left->value, *right->value))
            return Object::make_constant(Constant::py_bool(false));
        left = right;
    }
    return Object::make_constant(Constant::py_bool(true));
}

} // namespace ws
