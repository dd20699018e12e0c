// wp.grad(f)(args...) in a kernel or function (Warp's add_grad_call): forward-only code that
// calls f's adjoint with zeroed input adjoints and an output adjoint of one, and gives the
// input adjoints (one value, or a tuple).
#include "builtins/type_pattern.h"
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"

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
    bool builtin = target.is_object() && target.object->kind == Object::Kind::Builtin;
    if (!target.is_object() || (target.object->kind != Object::Kind::Function && !builtin))
        fail(grad->args[0], "wp.grad() of anything but a @wp.func or a Warp builtin is not supported yet");
    auto wrapper = std::make_shared<Object>();
    wrapper->kind = Object::Kind::WarpPyFunc;
    wrapper->name = kGradWrapper;
    wrapper->function = target.object->function;
    if (builtin) wrapper->items.push_back(target.object); // the builtin (`function` stays null)
    return Value::of_object(wrapper);
}

Value Adjoint::emit_grad_call(const ast::Call* node, const ast::Call* grad) {
    return emit_grad_wrapper_call(node, *emit_grad_wrapper(grad).object);
}

// The arguments of a call of wp.grad(f): positional and keyword values.
void Adjoint::grad_call_arguments(const ast::Call* node, std::vector<CallArgument>& args,
                                  std::vector<CallArgument>& kwargs) {
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
}

Value Adjoint::emit_grad_wrapper_call(const ast::Call* node, const Object& wrapper) {
    if (!wrapper.function) return emit_grad_builtin_call(node, *wrapper.items.at(0));
    FunctionGroup& target = *wrapper.function;
    std::vector<CallArgument> args, kwargs;
    grad_call_arguments(node, args, kwargs);
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

    if (src.custom_reverse_inputs < 0) uses_grad_call = true; // a @wp.func_grad body is an adjoint itself
    f->force_adjoint_codegen = true;
    if (std::find(grad_targets.begin(), grad_targets.end(), f) == grad_targets.end())
        grad_targets.push_back(f);
    build_callee(f, node->pos);
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
    if (det) det->refuse_indirect_call(f->adj ? f->adj->det.get() : nullptr, current_pos_);
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

// wp.grad(wp.atan2)(y, x): the builtin's adjoint, called as Warp's add_grad_call does: with the
// argument values, the original output when the adjoint takes it, zeroed input adjoints typed
// like the resolved overload's parameters, and an output adjoint of one.
Value Adjoint::emit_grad_builtin_call(const ast::Call* node, const Object& func) {
    std::vector<CallArgument> args, kwargs;
    grad_call_arguments(node, args, kwargs);
    const builtins::Builtin* b = builtins::find(func.name);
    if (!b) fail(node, fmt::format("unknown builtin function '{}'", func.name));
    std::vector<builtins::CallArg> cargs;
    std::vector<std::pair<std::string, builtins::CallArg>> ckwargs;
    for (const auto& a : args) cargs.push_back(to_call_arg(a.value));
    for (const auto& a : kwargs) ckwargs.emplace_back(a.keyword, to_call_arg(a.value));
    const builtins::Overload* ov = builtins::resolve(*b, cargs, ckwargs, 0);
    if (!ov)
        fail(node, fmt::format("couldn't find an overload of '{}' for arguments ({})", func.name,
                               arg_list_repr(args, kwargs)));
    if (!ov->is_differentiable)
        fail(node, fmt::format("Cannot compute gradient of non-differentiable function '{}'", func.name));
    auto bound = builtins::bind(*ov, cargs, ckwargs, {});
    if (!bound) fail(node, fmt::format("arguments do not bind to '{}'", func.name));
    // Warp declares each input adjoint with the overload's parameter type: warpsynth follows it
    // for overloads registered with concrete types, given every argument as a value.
    std::vector<Var*> values;
    std::vector<TypeRef> input_types;
    for (size_t i = 0; i < bound->size(); ++i) {
        const builtins::BoundArg& ba = (*bound)[i];
        TypeRef t =
            i < ov->params.size() && !ov->params[i].variadic ? ov->params[i].pattern->concrete : nullptr;
        size_t src = static_cast<size_t>(ba.source);
        const Value* v = ba.source < 0       ? nullptr
                         : src < args.size() ? &args[src].value
                                             : &kwargs[src - args.size()].value;
        if (!t || !v || !v->is_var() || bound->size() != ov->params.size())
            fail(node,
                 fmt::format("wp.grad({}) with these arguments is not supported by warpsynth", func.name));
        values.push_back(v->var);
        input_types.push_back(t);
    }
    builtins::ResultOrError res = builtins::result_of(*ov, *bound);
    if (!res.result) fail(node, fmt::format("'{}': {}", func.name, res.error));
    if (res.result->kind == builtins::CallResult::Kind::Void || res.result->types.empty())
        fail(node, fmt::format("Cannot compute gradient of void function '{}'", func.name));
    if (res.result->kind != builtins::CallResult::Kind::Values || res.result->types.size() != 1)
        fail(node, fmt::format("wp.grad({}) of a builtin with several outputs is not supported by warpsynth",
                               func.name));
    TypeRef ret = res.result->types[0];
    if (src.custom_reverse_inputs < 0) uses_grad_call = true; // a @wp.func_grad body is an adjoint itself
    note_builtin_used(*b);

    std::vector<Var*> call_args;
    for (Var* v : values) call_args.push_back(load(v));
    std::string fwd_args = join_emits(call_args);
    if (ov->require_original_output_arg) {
        Var* out = add_var(ret);
        add_forward(fmt::format("{} = {}{}({});", out->emit(), ov->ns, ov->native_func, fwd_args));
        call_args.push_back(out);
    }
    std::vector<Var*> adj_inputs;
    for (TypeRef t : input_types) {
        Var* v = add_var(t);
        add_forward(fmt::format("{} = {{}};", v->emit()));
        adj_inputs.push_back(v);
    }
    Var* adj_ret = add_var(ret);
    add_forward(fmt::format("{} = {}(1);", adj_ret->emit(), adj_ret->ctype()));
    call_args.insert(call_args.end(), adj_inputs.begin(), adj_inputs.end());
    call_args.push_back(adj_ret);
    add_forward(fmt::format("{}adj_{}({});", ov->ns, ov->native_func, join_emits(call_args)));
    if (adj_inputs.size() == 1) return Value(adj_inputs[0]);
    Var* result = add_var(types::tuple(input_types));
    add_forward(fmt::format("{} = {}({});", result->emit(), result->ctype(), join_emits(adj_inputs)));
    return Value(result);
}

} // namespace ws
