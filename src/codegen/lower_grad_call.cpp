// wp.grad(f)(args...) in a kernel or function (Warp's add_grad_call): forward-only code that
// calls f's adjoint with zeroed input adjoints and an output adjoint of one, and gives the
// input adjoints (one value, or a tuple).
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"
#include "syntax/limits.h"

#include <fmt/format.h>

namespace ws {

namespace {

std::string join_emits(const std::vector<Var*>& vs) {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i) s += (i ? ", " : "") + vs[i]->emit();
    return s;
}

} // namespace

Value Adjoint::emit_grad_wrapper(const ast::Call* grad) {
    if (grad->args.size() != 1 || !grad->keywords.empty())
        fail(grad, "grad() expects exactly one function argument");
    Value target = resolve_arg(grad->args[0]);
    if (!target.is_object() || target.object->kind != Object::Kind::Function)
        fail(grad->args[0], "wp.grad() of anything but a user @wp.func is not supported yet");
    auto wrapper = std::make_shared<Object>();
    wrapper->kind = Object::Kind::WarpPyFunc;
    wrapper->name = kGradWrapper;
    wrapper->function = target.object->function;
    return Value::of_object(wrapper);
}

Value Adjoint::emit_grad_call(const ast::Call* node, const ast::Call* grad) {
    return emit_grad_wrapper_call(node, *emit_grad_wrapper(grad).object->function);
}

Value Adjoint::emit_grad_wrapper_call(const ast::Call* node, FunctionGroup& target) {
    std::vector<CallArgument> args, kwargs;
    for (const ast::Expr* a : node->args) {
        if (a->kind == ast::ExprKind::Starred)
            fail(a, "starred arguments to wp.grad(f) are not supported yet");
        args.push_back(CallArgument{resolve_arg(a), a, ""});
    }
    for (const ast::Keyword& kw : node->keywords) {
        if (kw.arg.empty()) fail(node, "**kwargs are not supported in kernels");
        kwargs.push_back(CallArgument{resolve_arg(kw.value), kw.value, kw.arg});
    }
    current_pos_ = node->pos;
    UserFunction* f = select_user_overload(target, args, kwargs, node->pos);
    const auto& params = f->src.params;
    for (const Param& p : params)
        if (p.type->is_function())
            fail(node, "wp.grad(f) of a function with wp.Function parameters is not supported yet");
    if (params.empty() || args.size() + kwargs.size() != params.size())
        fail(node, "wp.grad(f) with default or no arguments is not supported yet");
    std::vector<Var*> bound(params.size(), nullptr);
    for (size_t i = 0; i < args.size(); ++i) bound[i] = args[i].value.var;
    for (const auto& kw : kwargs)
        for (size_t j = 0; j < params.size(); ++j)
            if (params[j].name == kw.keyword) bound[j] = kw.value.var;

    uses_grad_call = true;
    f->force_adjoint_codegen = true;
    if (std::find(grad_targets.begin(), grad_targets.end(), f) == grad_targets.end())
        grad_targets.push_back(f);
    {
        ModuleBuilder::Nested nested(*builder, builder->scope().source(), node->pos,
                                     limits::kFunctionCallDepth);
        builder->build_function(f);
    }
    const auto& ret = f->adj->return_var;
    if (!ret || ret->empty())
        fail(node, fmt::format("Cannot compute gradient of void function '{}'", f->src.key));
    // Warp passes its adjoint flag on to the functions f calls only while building f, which
    // makes their adjoints depend on the build order: not modelled.
    if (ret->size() != 1 || !f->adj->called_user_functions.empty() || f->adj->uses_grad_call)
        fail(node, "wp.grad(f) of a function with several return values, or that calls other user functions, "
                   "is not supported yet");

    std::vector<Var*> fwd_args, adj_inputs;
    for (Var* v : bound) fwd_args.push_back(load(v));
    for (const Param& p : params) {
        Var* v = add_var(p.type);
        add_forward(fmt::format("{} = {{}};", v->emit()));
        adj_inputs.push_back(v);
    }
    Var* adj_ret = add_var(types::strip_reference((*ret)[0]->type));
    add_forward(fmt::format("{} = {}(1);", adj_ret->emit(), adj_ret->ctype()));
    std::vector<Var*> call_args = fwd_args;
    call_args.insert(call_args.end(), adj_inputs.begin(), adj_inputs.end());
    call_args.push_back(adj_ret);
    add_forward(fmt::format("adj_{}({});", f->native_name, join_emits(call_args)));
    if (adj_inputs.size() == 1) return Value(adj_inputs[0]);
    // Warp's tuple spells each parameter's annotation: Python's float and int are `float`, `int`.
    if (!f->generic_parent)
        for (const ast::Arg& a : f->src.def->args.args)
            if (ObjectRef t = a.annotation ? f->src.scope->eval_python(a.annotation) : nullptr;
                t && t->kind == Object::Kind::Type && (t->name == "float" || t->name == "int"))
                fail(node,
                     "wp.grad(f) of a function with several parameters annotated with Python's float or int "
                     "is not supported yet (Warp's tuple of adjoints spells them `float`, `int`)");
    std::vector<TypeRef> types;
    for (const Param& p : params) types.push_back(p.type);
    Var* result = add_var(types::tuple(types));
    add_forward(fmt::format("{} = {}({});", result->emit(), result->ctype(), join_emits(adj_inputs)));
    return Value(result);
}

} // namespace ws
