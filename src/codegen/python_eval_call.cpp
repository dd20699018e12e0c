// Calls: Python's builtins and the warp package's import-time helpers.
#include "codegen/python_eval.h"
#include "codegen/warp_names.h"

namespace ws {

namespace {

bool is_number(const ObjectRef& o) {
    return o && o->kind == Object::Kind::Constant && o->value->is_number_like();
}

} // namespace

ObjectRef PythonEval::len(const std::vector<ObjectRef>& args) const {
    if (args.size() != 1 || !args[0]) return nullptr;
    const Object& a = *args[0];
    if (a.kind == Object::Kind::Type && a.type->is_composite()) {
        // Warp's type_length: vectors their length, matrices their rows.
        TypeRef t = a.type;
        return Object::make_constant(Constant::py_int(t->is_matrix() ? t->rows : t->component_count()));
    }
    if (a.kind == Object::Kind::Sequence)
        return Object::make_constant(Constant::py_int(static_cast<int64_t>(a.items.size())));
    if (a.kind == Object::Kind::Constant && a.value->kind == Constant::Kind::Composite) {
        TypeRef t = a.value->type;
        return Object::make_constant(Constant::py_int(t->is_matrix() ? t->rows : t->component_count()));
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
    if (f->kind == Object::Kind::PyBuiltin && f->name == "len" && args.size() == 1 && args[0]) {
        ObjectRef n = len(args);
        return n ? n : unsupported(c);
    }
    // Matrix shapes are tuples: keep them as (rows, cols) for wp.types.matrix.
    std::optional<std::pair<int, int>> shape;
    for (const auto& [name, v] : kwargs)
        if (name == "shape" && v && v->kind == Object::Kind::Sequence && v->items.size() == 2 &&
            is_number(v->items[0]) && is_number(v->items[1]))
            shape = std::pair{static_cast<int>(v->items[0]->value->as_int()),
                              static_cast<int>(v->items[1]->value->as_int())};
    ObjectRef out = warp_names::call_at_module_scope(*f, args, kwargs, shape);
    return out ? out : unsupported(c);
}

} // namespace ws
