// Warp's `type(x)` operator in a call's function position: `type(x)(...)`,
// `type(x).dtype(...)` (Warp's resolve_static_expression with eval_types), and the
// `dtype` of a value or array read as an attribute (`a.dtype(...)`), or its `length`.
#include "codegen/adjoint.h"

#include <fmt/format.h>

namespace ws {

// Warp's resolve_type_attribute for the attributes warpsynth models: `dtype` of a value
// type is its scalar type, of an array its element type. Null otherwise.
TypeRef type_attribute(TypeRef t, std::string_view attr) {
    if (attr != "dtype") return nullptr;
    if (t->is_value()) return types::scalar(t->scalar);
    if (t->is_array()) return t->elem;
    return nullptr;
}

ObjectRef value_length(TypeRef t, std::string_view attr) {
    if (attr != "length" || !t->is_value()) return nullptr;
    return Object::make_constant(Constant::py_int(t->component_count()));
}

ObjectRef Adjoint::resolve_type_operator(const ast::Expr* func, std::vector<std::string_view>* path) {
    // The root first: most functions called are not `type(...)`, and collecting their
    // attributes cost an allocation per call.
    const ast::Expr* node = func;
    while (node->kind == ast::ExprKind::Attribute) node = ast::as<ast::Attribute>(node)->value;
    if (node->kind != ast::ExprKind::Call) return nullptr;
    std::vector<std::string_view> attrs;
    for (const ast::Expr* e = func; e != node; e = ast::as<ast::Attribute>(e)->value)
        attrs.push_back(ast::as<ast::Attribute>(e)->attr);
    const auto* call = ast::as<ast::Call>(node);
    if (call->func->kind != ast::ExprKind::Name || ast::as<ast::Name>(call->func)->id != "type")
        return nullptr;
    if (call->args.size() != 1)
        fail(call, fmt::format("type() operator expects exactly one argument, got {}", call->args.size()));
    Value v = eval(call->args[0]);
    if (!v.is_var()) fail(call, "Cannot deduce the type of a value that is not a variable");
    TypeRef t = types::strip_reference(v.var->type);
    for (auto a = attrs.rbegin(); a != attrs.rend(); ++a) {
        TypeRef next = type_attribute(t, *a);
        if (!next)
            fail(func,
                 fmt::format("{} is not an attribute of {} (or not one warpsynth models)", *a, t->repr));
        t = next;
    }
    // Warp's path is the type's str(), which names no builtin (kept: the path holds views).
    *path = {synthetic().keep(fmt::format("<type {}>", t->repr))};
    return Object::make_type(t);
}

} // namespace ws
