// Names, literals, containers and conditionals (operators: python_eval_ops.cpp,
// calls: python_eval_call.cpp).
#include "codegen/python_eval.h"

#include "builtins/builtin.h"
#include "types/python_number.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws {

ObjectRef ModuleScope::eval_python(const ast::Expr* e, const LocalLookup* locals) const {
    if (!locals && closure_) { // a factory's function: its annotations see the factory's locals
        LocalLookup closure = [&](std::string_view name) -> ObjectRef {
            auto it = closure_->find(name);
            return it == closure_->end() ? nullptr : it->second;
        };
        return PythonEval(*this, &closure).eval(e);
    }
    return PythonEval(*this, locals).eval(e);
}

ObjectRef PythonEval::eval(const ast::Expr* e) const {
    try {
        return dispatch(e);
    } catch (const python::Error& err) {
        throw PythonException{e->pos, err.what()}; // located at the innermost expression that raised
    } catch (const python::ComplexResult&) {
        return Object::make_complex();
    } catch (const python::NotModeled& err) {
        return Object::make_unsupported(fmt::format("`{}` ({})", expr_text(scope_.source(), e), err.what()));
    }
}

ObjectRef PythonEval::dispatch(const ast::Expr* e) const {
    switch (e->kind) {
    case ast::ExprKind::Constant: return constant(ast::as<ast::Constant>(e));
    case ast::ExprKind::Name: return name(ast::as<ast::Name>(e));
    case ast::ExprKind::Attribute: return attribute(ast::as<ast::Attribute>(e));
    case ast::ExprKind::UnaryOp: return unary(ast::as<ast::UnaryOp>(e));
    case ast::ExprKind::BinOp: return binary(ast::as<ast::BinOp>(e));
    case ast::ExprKind::Compare: return compare(ast::as<ast::Compare>(e));
    case ast::ExprKind::BoolOp: return bool_op(ast::as<ast::BoolOp>(e));
    case ast::ExprKind::IfExp: return if_exp(ast::as<ast::IfExp>(e));
    case ast::ExprKind::Tuple: return sequence(e, ast::as<ast::Tuple>(e)->elts);
    case ast::ExprKind::List: return sequence(e, ast::as<ast::List>(e)->elts);
    case ast::ExprKind::Subscript: return subscript(ast::as<ast::Subscript>(e));
    case ast::ExprKind::Dict: return dict(ast::as<ast::Dict>(e));
    case ast::ExprKind::Call: return call(ast::as<ast::Call>(e));
    default: return unsupported(e);
    }
}

ObjectRef PythonEval::unsupported(const ast::Expr* e) const {
    return Object::make_unsupported(expr_text(scope_.source(), e));
}

Constant literal_value(const ast::Constant& c) {
    switch (c.value_kind) {
    case ast::Constant::Kind::Bool: return Constant::py_bool(c.bool_value);
    case ast::Constant::Kind::Float: return Constant::py_float(c.float_value);
    default: break;
    }
    if (!c.int_literal.empty()) return Constant::py_int(*PyInt::parse(c.int_literal));
    return Constant::py_int(c.int_is_unsigned ? PyInt::from_u64(c.uint_value) : PyInt(c.int_value));
}

ObjectRef PythonEval::constant(const ast::Constant* c) const {
    switch (c->value_kind) {
    case ast::Constant::Kind::Bool:
    case ast::Constant::Kind::Int:
    case ast::Constant::Kind::Float: return Object::make_constant(literal_value(*c));
    case ast::Constant::Kind::Str: {
        // Kernels cannot use a string global; its text is kept for @wp.func_native snippets.
        auto o = std::make_shared<Object>(*Object::make_unsupported("non-numeric constant"));
        o->value = Constant::py_str(c->str_value);
        return o;
    }
    default: return Object::make_unsupported("non-numeric constant");
    }
}

ObjectRef PythonEval::name(const ast::Name* n) const {
    if (locals_)
        if (ObjectRef l = (*locals_)(n->id)) return l;
    if (ObjectRef g = scope_.global(n->id)) return g;
    if (ObjectRef b = ModuleScope::python_builtin(n->id)) return b;
    return Object::make_unsupported(fmt::format("undefined name '{}'", n->id));
}

ObjectRef PythonEval::attribute(const ast::Attribute* a) const {
    ObjectRef base = eval(a->value);
    // Outside kernels a member stays an enum member, whose type Warp names `wp::<Class>` in
    // C++ (which does not compile); kernels see its int (ModuleScope::attribute).
    if (base && base->kind == Object::Kind::EnumClass)
        return Object::make_unsupported(
            fmt::format("{}.{}: an enum member outside a kernel (Warp declares its "
                        "constant with the C++ type wp::{}, which does not exist)",
                        base->name, a->attr, base->name));
    ObjectRef v = base ? ModuleScope::attribute(*base, a->attr) : nullptr;
    return v ? v : unsupported(a);
}

ObjectRef PythonEval::bool_op(const ast::BoolOp* b) const {
    // Python returns the deciding operand itself, and evaluates no further.
    ObjectRef v;
    for (const ast::Expr* x : b->values) {
        v = eval(x);
        if (v && v->is_complex && x == b->values.back()) return v; // the last operand decides nothing
        if (!v || v->kind != Object::Kind::Constant || !v->value->is_py_number()) return unsupported(b);
        bool t = v->value->truthy();
        if (b->op == ast::BoolOpKind::And ? !t : t) return v;
    }
    return v;
}

ObjectRef PythonEval::if_exp(const ast::IfExp* i) const {
    ObjectRef t = eval(i->test);
    if (!t || t->kind != Object::Kind::Constant) return unsupported(i);
    return eval(t->value->truthy() ? i->body : i->orelse);
}

ObjectRef PythonEval::sequence(const ast::Expr* e, const std::vector<ast::Expr*>& elts) const {
    auto seq = std::make_shared<Object>();
    seq->kind = Object::Kind::Sequence;
    seq->name = e->kind == ast::ExprKind::Tuple ? "tuple" : "list";
    for (const ast::Expr* x : elts) {
        ObjectRef v = eval(x);
        if (!v || v->kind == Object::Kind::Unsupported) return unsupported(e);
        seq->items.push_back(v);
    }
    return seq;
}

namespace {

// Python's index into a sequence of `n` items: the position, or an IndexError.
size_t sequence_index(const PyInt& i, size_t n, const char* what) {
    PyInt k = i.sign() < 0 ? i + PyInt(static_cast<int64_t>(n)) : i;
    if (k.sign() < 0 || k >= PyInt(static_cast<int64_t>(n))) throw python::Error("IndexError", what);
    return static_cast<size_t>(*k.to_int64());
}

} // namespace

// `context.builtin_functions["tid"]` (after `from warp._src import context`): Warp's registry
// of builtins, read at import time. Null for anything else.
static ObjectRef registered_builtin(const ObjectRef& context, const ObjectRef& index) {
    if (!context || context->kind != Object::Kind::Unsupported ||
        (context->name != "warp._src.context" && context->name != "module warp._src.context"))
        return nullptr;
    if (!index || !index->value || index->value->kind != Constant::Kind::PyStr) return nullptr;
    const builtins::Builtin* b = builtins::find(index->value->s);
    if (!b) throw python::Error("KeyError", fmt::format("'{}'", index->value->s));
    return Object::make_named(Object::Kind::Builtin, index->value->s);
}

ObjectRef PythonEval::subscript(const ast::Subscript* sub) const {
    ObjectRef index = eval(sub->slice);
    if (sub->value->kind == ast::ExprKind::Attribute &&
        ast::as<ast::Attribute>(sub->value)->attr == "builtin_functions")
        if (ObjectRef b = registered_builtin(eval(ast::as<ast::Attribute>(sub->value)->value), index))
            return b;
    ObjectRef base = eval(sub->value);
    if (base && base->kind == Object::Kind::Dict) return dict_item(*base, index);
    if (!base || !index || index->kind != Object::Kind::Constant || !index->value->is_py_int())
        return unsupported(sub);
    const PyInt& i = index->value->i;
    if (base->kind == Object::Kind::Sequence) {
        std::string what = base->name + " index out of range";
        return base->items[sequence_index(i, base->items.size(), what.c_str())];
    }
    if (base->kind == Object::Kind::Constant && base->value->kind == Constant::Kind::Composite &&
        base->value->type->is_vector()) {
        // ctypes' IndexError for an index past the end.
        if (!i.fits_int64())
            throw python::Error("IndexError", "cannot fit 'int' into an index-sized integer");
        const Constant& v = *base->value;
        Constant comp = v.components[sequence_index(i, v.components.size(), "invalid index")];
        // Indexing a Warp vector in Python gives a Python number of the component's kind.
        if (comp.kind == Constant::Kind::Scalar) comp.kind = comp.raw_kind;
        if (is_float(v.type->scalar) && comp.kind != Constant::Kind::PyFloat)
            comp = Constant::py_float(comp.as_double());
        return Object::make_constant(comp);
    }
    return unsupported(sub);
}

// A dict display with str keys (Python keeps the last value of a repeated key).
ObjectRef PythonEval::dict(const ast::Dict* d) const {
    auto out = std::make_shared<Object>();
    out->kind = Object::Kind::Dict;
    out->name = "dict";
    for (size_t i = 0; i < d->keys.size(); ++i) {
        ObjectRef k = d->keys[i] ? eval(d->keys[i]) : nullptr;
        if (!k || !k->value || k->value->kind != Constant::Kind::PyStr) return unsupported(d);
        ObjectRef v = eval(d->values[i]);
        if (!v) return unsupported(d);
        auto at = std::find(out->keys.begin(), out->keys.end(), k->value->s);
        if (at != out->keys.end()) {
            out->items[at - out->keys.begin()] = v;
            continue;
        }
        out->keys.push_back(k->value->s);
        out->items.push_back(v);
    }
    return out;
}

ObjectRef PythonEval::dict_item(const Object& d, const ObjectRef& key) const {
    if (!key || !key->value || key->value->kind != Constant::Kind::PyStr)
        return Object::make_unsupported("a dict item with a key that is not a str");
    auto at = std::find(d.keys.begin(), d.keys.end(), key->value->s);
    if (at == d.keys.end()) throw python::Error("KeyError", fmt::format("'{}'", key->value->s));
    return d.items[at - d.keys.begin()];
}

} // namespace ws
