// Calls: Python's builtins on numbers and the warp package's import-time
// helpers (warp_names.cpp).
#include "codegen/python_eval.h"
#include "codegen/warp_names.h"
#include "types/python_number.h"

#include <cmath>

namespace ws {

namespace {

bool is_number(const ObjectRef& o) {
    return o && o->kind == Object::Kind::Constant && o->value->is_number_like();
}

ObjectRef constant(Constant c) {
    return Object::make_constant(std::move(c));
}

// The Python value a Warp scalar wraps (int(wp.float32(2.5)) converts 2.5).
std::optional<Constant> raw_number(const ObjectRef& o) {
    if (!is_number(o)) return std::nullopt;
    Constant c = *o->value;
    c.kind = c.value_kind();
    return c;
}

// len() of a Warp type or value (Warp's type_length: a matrix's rows), or of a tuple/list.
ObjectRef len(const Object& a) {
    TypeRef t = a.kind == Object::Kind::Type ? a.type
                : a.kind == Object::Kind::Constant && a.value->kind == Constant::Kind::Composite
                    ? a.value->type
                    : nullptr;
    if (t && t->is_composite())
        return constant(Constant::py_int(t->is_matrix() ? t->rows : t->component_count()));
    // A local tuple in wp.static(len(t)) (Warp's type_length of its type).
    // Of a `tuple[T, ...]` annotation Warp counts the ellipsis too (len of its type arguments).
    if (t && t->is_tuple())
        return constant(Constant::py_int(static_cast<int64_t>(t->elems.size() + (t->variadic ? 1 : 0))));
    // A local tile: its first extent.
    if (t && t->is_tile() && !t->tile_shape.empty()) return constant(Constant::py_int(t->tile_shape[0]));
    if (a.kind == Object::Kind::Sequence)
        return constant(Constant::py_int(static_cast<int64_t>(a.items.size())));
    return nullptr;
}

// int(x), float(x), bool(x): of Python numbers, and of Warp scalars by their raw value.
ObjectRef convert(std::string_view to, const std::vector<ObjectRef>& args) {
    if (args.empty()) {
        if (to == "int") return constant(Constant::py_int(0));
        if (to == "float") return constant(Constant::py_float(0.0));
        return constant(Constant::py_bool(false));
    }
    const bool text =
        args.size() == 1 && args[0] && args[0]->value && args[0]->value->kind == Constant::Kind::PyStr;
    if (text && to == "float") return constant(python::float_of_text(args[0]->value->s));
    std::optional<Constant> x = args.size() == 1 ? raw_number(args[0]) : std::nullopt;
    if (!x) return nullptr;
    if (to == "int") return constant(python::to_int(*x));
    if (to == "float") return constant(python::to_float(*x));
    return constant(Constant::py_bool(x->truthy()));
}

// min()/max() of numbers given one by one or as one tuple/list.
ObjectRef extreme(bool is_max, const std::vector<ObjectRef>& args) {
    bool iterable = args.size() == 1 && args[0] && args[0]->kind == Object::Kind::Sequence;
    const std::vector<ObjectRef>& items = iterable ? args[0]->items : args;
    if (args.empty()) return nullptr;
    if (items.empty())
        throw python::Error("ValueError",
                            is_max ? "max() arg is an empty sequence" : "min() arg is an empty sequence");
    if (iterable && items.size() == 1) return is_py_number(items[0]) ? items[0] : nullptr;
    std::vector<const Constant*> xs;
    for (const ObjectRef& o : items) {
        if (!is_py_number(o)) return nullptr;
        xs.push_back(&*o->value);
    }
    return constant(is_max ? python::max(xs) : python::min(xs));
}

// Builtins given a complex number: Python raises TypeError for those that need
// a real number; pow() gives a complex; the others we do not model (null).
ObjectRef complex_call(std::string_view name, const std::vector<ObjectRef>& args) {
    if (name == "pow" && args.size() == 2) return Object::make_complex();
    if (name == "int" || name == "float" || name == "round" || name == "divmod" || name == "pow" ||
        ((name == "min" || name == "max") && args.size() >= 2))
        throw python::Error("TypeError", std::string(name) + "() does not take a complex number");
    return nullptr;
}

} // namespace

ObjectRef call_python_builtin(std::string_view name, const std::vector<ObjectRef>& args,
                              const std::vector<std::pair<std::string, ObjectRef>>& kwargs) {
    if (!kwargs.empty()) return nullptr;
    for (const ObjectRef& a : args)
        if (a && a->is_complex) return complex_call(name, args);
    if (name == "int" || name == "float" || name == "bool") return convert(name, args);
    if (name == "len") return args.size() == 1 && args[0] ? len(*args[0]) : nullptr;
    if (name == "min" || name == "max") return extreme(name == "max", args);
    for (const ObjectRef& a : args)
        if (!is_py_number(a)) return nullptr;
    const size_t n = args.size();
    if (name == "abs" && n == 1) return constant(python::abs(*args[0]->value));
    // math.sqrt: IEEE sqrt is correctly rounded, so C++ gives CPython's double. Other math
    // functions (libm, not correctly rounded) are left unmodelled.
    if (name == "sqrt" && n == 1) {
        double x = python::to_float(*args[0]->value).f;
        if (x < 0) throw python::Error("ValueError", "math domain error");
        return constant(Constant::py_float(std::sqrt(x)));
    }
    if (name == "round" && n == 1) return constant(python::round(*args[0]->value));
    if (name == "round" && n == 2) return constant(python::round(*args[0]->value, *args[1]->value));
    if (name == "pow" && n == 2)
        return constant(python::binary(python::BinOp::Pow, *args[0]->value, *args[1]->value));
    if (name == "pow" && n == 3)
        return constant(python::pow(*args[0]->value, *args[1]->value, *args[2]->value));
    if (name == "divmod" && n == 2) {
        auto [q, r] = python::divmod(*args[0]->value, *args[1]->value);
        auto seq = std::make_shared<Object>();
        seq->kind = Object::Kind::Sequence;
        seq->name = "tuple";
        seq->items = {constant(q), constant(r)};
        return seq;
    }
    return nullptr;
}

ObjectRef PythonEval::call(const ast::Call* c) const {
    ObjectRef f = eval(c->func);
    if (!f) return unsupported(c);
    std::vector<ObjectRef> args;
    for (const ast::Expr* a : c->args) args.push_back(eval(a));
    std::vector<std::pair<std::string, ObjectRef>> kwargs;
    for (const auto& kw : c->keywords) kwargs.emplace_back(kw.arg, eval(kw.value));
    ObjectRef out;
    bool python_type =
        f->kind == Object::Kind::Type && (f->name == "int" || f->name == "float" || f->name == "bool");
    if (f->kind == Object::Kind::PyBuiltin || python_type) {
        out = call_python_builtin(f->name, args, kwargs);
    } else {
        out = warp_names::call_at_module_scope(*f, args, kwargs, scope_.runtime_loaded());
    }
    if (out) return out;
    // An argument we could not evaluate is the reason (the innermost one).
    for (const ObjectRef& a : args)
        if (a && a->kind == Object::Kind::Unsupported && !a->is_complex) return a;
    return unsupported(c);
}

} // namespace ws
