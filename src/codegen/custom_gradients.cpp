// @wp.func_grad(f) and @wp.func_replay(f): a user-written adjoint, or replay, for an overload of
// the @wp.func f (Warp's context.func_grad / func_replay). The adjoint is printed as f's
// (`adj_<f's native name>`, "user-defined adjoint code"), the replay as `replay_<key>_<N>`, which
// the backward pass calls instead of f.
#include "codegen/emit.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "codegen/warp_library.h"
#include "codegen/warp_names.h"
#include "types/str_cat.h"

#include <fmt/format.h>

namespace ws {

namespace {

// Warp's get_signature: the parameters' type codes.
std::string signature(const std::vector<Param>& params) {
    std::string sig;
    for (size_t i = 0; i < params.size(); ++i) sig += (i ? "_" : "") + type_code(params[i].type);
    return sig;
}

} // namespace

void ModuleScope::define_custom_adjoint(const ast::FunctionDef* def, const ast::Call* decorator, bool grad) {
    const char* what = grad ? "grad" : "replay";
    if (decorator->args.size() != 1 || !decorator->keywords.empty())
        fail(decorator->pos,
             fmt::format("wp.func_{}() takes the forward function as its one argument", what));
    ObjectRef target = eval_python(decorator->args[0]);
    if (!target || target->kind != Object::Kind::Function)
        fail(decorator->args[0]->pos,
             fmt::format("wp.func_{}() of something other than a @wp.func is not supported by warpsynth",
                         what));
    FunctionGroup& forward = *target->function;
    if (!forward.templates.empty()) {
        if (forward.overloads.empty()) // the Function the name holds is generic
            fail(decorator->pos,
                 fmt::format("Cannot define custom {} definition for {} since functions with generic "
                             "input arguments are not yet supported.",
                             what, forward.key));
        fail(decorator->pos,
             fmt::format("wp.func_{}() of a function with generic overloads is not supported by "
                         "warpsynth",
                         what));
    }
    auto fn = std::make_shared<UserFunction>();
    fn->src = function_source(def, false);
    for (const Param& p : fn->src.params)
        if (p.type->is_generic())
            fail(
                def->pos,
                fmt::format("Cannot define custom {0} definition for {1} since the provided {0} function has "
                            "generic input arguments.",
                            what, forward.key));
    // The decorator gives back the plain Python function.
    (*bindings_)[def->name] = Object::make_unsupported(
        fmt::format("Python function '{}' (registered with wp.func_{}, not a @wp.func)", def->name, what));
    if (grad) {
        // Matched against f's overloads by their return types too, which Warp builds f to learn:
        // ModuleBuilder::attach_custom_grads, before code generation.
        pending_grads_.push_back({&forward, fn});
        return;
    }
    // Warp's get_overload: the overload the replay's parameter types select.
    std::string sig = signature(fn->src.params);
    for (const auto& ov : forward.overloads) {
        if (ov->generic_parent || signature(ov->src.params) != sig) continue;
        fn->src.key = "replay_" + forward.key;
        fn->native_name = cat(fn->src.key, "_", next_function_index(fn->src.key));
        fn->replay_of = ov.get();
        ov->custom_replay = fn;
        return;
    }
    std::string args;
    for (const Param& p : fn->src.params)
        args += fmt::format("{}{}: {}", args.empty() ? "" : ", ", p.name, p.type->repr);
    fail(def->pos,
         fmt::format("Could not find forward definition of function {} that matches custom replay definition "
                     "with arguments:\n{}",
                     forward.key, args));
}

int ModuleScope::next_function_index(const std::string& key) {
    if (library_ && !warp_own_source_) return library_->next_function_index(key); // counted with the imports
    auto it =
        function_key_counts_.try_emplace(key, warp_own_source_ ? 0 : warp_names::import_function_count(key))
            .first;
    return it->second++;
}

// Warp matches a @wp.func_grad when the module runs: against the overloads of f whose signature
// starts its own, by their parameter and return types, building f to learn the latter. warpsynth
// builds the candidates once, then forgets that build.
void ModuleBuilder::attach_custom_grads() {
    std::vector<const ModuleScope::PendingGrad*> pending;
    for (const ModuleScope* m : warp_library_.modules())
        for (const auto& p : m->pending_grads()) pending.push_back(&p);
    for (const auto& p : scope_.pending_grads()) pending.push_back(&p);
    if (pending.empty()) return;
    matching_custom_grads_ = true;
    for (const ModuleScope::PendingGrad* p : pending) {
        UserFunction& grad = *p->grad;
        if (grad.src.custom_reverse_inputs >= 0) continue; // matched already
        std::string grad_sig = signature(grad.src.params);
        for (const auto& ov : p->forward->overloads) {
            if (ov->generic_parent || !grad_sig.starts_with(signature(ov->src.params))) continue;
            build_function(ov.get());
            std::vector<TypeRef> expected;
            for (const Param& q : ov->src.params) expected.push_back(q.type);
            if (ov->adj->return_var)
                for (const Var* r : *ov->adj->return_var) expected.push_back(types::strip_reference(r->type));
            bool match = expected.size() == grad.src.params.size();
            for (size_t i = 0; match && i < expected.size(); ++i)
                match = expected[i] == grad.src.params[i].type;
            if (!match) continue;
            grad.native_name = ov->native_name;
            grad.src.custom_reverse_inputs = static_cast<int>(ov->src.params.size());
            ov->custom_grad = p->grad;
            break;
        }
        if (grad.src.custom_reverse_inputs < 0)
            throw CompileError(
                grad.src.scope->source().path(), grad.src.def->pos.line, grad.src.def->pos.col + 1,
                fmt::format("No function overload found for gradient function {} for function {}",
                            grad.src.def->name, p->forward->key));
    }
    matching_custom_grads_ = false;
    forget_build();
}

// `wp.adjoint[x]` (Warp checks only the attribute's name): in a @wp.func_grad body, the adjoint of
// the variable x, which that function's C++ names `adj_<x>` (Warp's make_adjoint_target_var).
bool is_adjoint_subscript(const ast::Expr* node) {
    if (node->kind != ast::ExprKind::Subscript) return false;
    const ast::Expr* v = ast::as<ast::Subscript>(node)->value;
    return v->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(v)->attr == "adjoint";
}

Var* Adjoint::adjoint_target(const ast::Expr* node) {
    if (!is_adjoint_subscript(node)) return nullptr;
    const auto* sub = ast::as<ast::Subscript>(node);
    if (src.custom_reverse_inputs < 0)
        fail(node, "wp.adjoint[...] outside a @wp.func_grad function is not supported by warpsynth");
    Value v = eval(sub->slice);
    if (!v.is_var()) fail(sub->slice, "wp.adjoint[...] of something other than a variable is not supported");
    // An array's adjoint is the array of its gradients (`wp.adjoint[a][i] += x`); an array that
    // views another, a reference or a struct's adjoint are other expressions, not modelled.
    const LValueOrigin* origin = v.var->type->is_array() && v.var->ref_origin ? &v.var->ref_origin : nullptr;
    if (v.var->type->is_reference() || v.var->type->is_struct() || (origin && origin->has_steps()))
        fail(sub->slice,
             "wp.adjoint[...] of a reference, a struct or an array view is not supported by warpsynth");
    Var& a = var_storage_.emplace_back();
    a.label = origin ? origin->emit_lvalue(true) : "adj_" + v.var->label;
    a.prefix = false;
    a.type = v.var->type;
    return &a;
}

// The adjoint Warp prints for a @wp.func_grad body: f's inputs, their adjoints, then the
// adjoints of f's outputs the body declares; its forward code is the whole body.
std::string custom_grad_text(const UserFunction& g, Device device, const std::string& path) {
    const Adjoint& adj = *g.adj;
    size_t inputs = static_cast<size_t>(g.src.custom_reverse_inputs);
    std::vector<std::string> args;
    for (size_t i = 0; i < inputs; ++i)
        args.push_back(fmt::format("{} {}", adj.args[i]->ctype(), adj.args[i]->emit()));
    for (size_t i = 0; i < inputs; ++i) {
        const Var* a = adj.args[i];
        TypeRef t = a->type;
        std::string ctype = t->is_array() && t->array_class == ArrayClass::IndexedArray
                                ? types::array(t->elem, t->ndim)->ctype
                                : a->ctype();
        args.push_back(fmt::format("{}{} adj_{}", ctype, t->is_reference() ? "" : " &", a->label));
    }
    for (size_t i = inputs; i < adj.args.size(); ++i)
        args.push_back(fmt::format("{}{} {}", adj.args[i]->ctype(),
                                   adj.args[i]->type->is_reference() ? "" : " &", adj.args[i]->emit()));
    std::string joined;
    for (size_t i = 0; i < args.size(); ++i) joined += (i ? ",\n    " : "") + args[i];
    return fmt::format(
        "\n// {}:{}\nstatic {}void adj_{}(\n    {})\n{{\n\t// user-defined adjoint code\n{}}}\n\n", path,
        g.src.display_lineno, device == Device::Cuda ? "CUDA_CALLABLE " : "", g.native_name, joined,
        forward_body(adj, false, device, false).view());
}

} // namespace ws
