// @wp.func_native: a user function whose forward and adjoint bodies are C++
// snippets given to the decorator (Warp's func_native and codegen_snippet).
#include "codegen/adjoint.h"
#include "codegen/emit.h"
#include "codegen/module_scope.h"

#include <fmt/format.h>

namespace ws {

namespace {

const ast::Expr* decorator_argument(const ast::Call* call, size_t index, std::string_view keyword) {
    if (index < call->args.size()) return call->args[index];
    for (const auto& kw : call->keywords)
        if (kw.arg == keyword) return kw.value;
    return nullptr;
}

} // namespace

void ModuleScope::native_snippets(const ast::Call* call, UserFunction& f) const {
    static const std::string_view kNames[] = {"snippet", "adj_snippet", "replay_snippet"};
    if (call->args.size() > 3) fail(call->pos, "func_native() takes from 1 to 3 positional arguments");
    for (const auto& kw : call->keywords)
        if (kw.arg.empty() || std::find(std::begin(kNames), std::end(kNames), kw.arg) == std::end(kNames))
            fail(call->pos, fmt::format("func_native() got an unexpected keyword argument '{}'", kw.arg));
    auto text = [&](size_t i) -> std::optional<std::string> {
        const ast::Expr* e = decorator_argument(call, i, kNames[i]);
        if (!e || is_none(e)) return std::nullopt;
        ObjectRef v = eval_python(e);
        if (!v || !v->value || v->value->kind != Constant::Kind::PyStr)
            fail(e->pos, fmt::format("@wp.func_native: {} must be a string literal or a module-level string "
                                     "(warpsynth does not evaluate `{}`)",
                                     kNames[i], expr_text(source(), e)));
        return v->value->s;
    };
    if (call->func->kind != ast::ExprKind::Attribute)
        fail(call->pos, "@func_native imported by name is not supported (write @wp.func_native)");
    f.native_snippet = text(0);
    if (!f.native_snippet) fail(call->pos, "func_native() missing required argument: 'snippet'");
    f.adj_native_snippet = text(1);
    if (text(2)) fail(call->pos, "@wp.func_native with a replay_snippet is not supported yet");
    if (f.src.is_generic || !f.src.return_tuple.empty())
        fail(call->pos,
             "@wp.func_native with generic parameters or several return values is not supported yet");
}

namespace {

std::string snippet_return_type(const Adjoint& adj) {
    return adj.return_var && adj.return_var->size() == 1 ? (*adj.return_var)[0]->ctype() : "void";
}

std::string join_args(const std::vector<std::string>& args) {
    std::string s;
    for (size_t i = 0; i < args.size(); ++i) s += (i ? ",\n    " : "") + args[i];
    return s;
}

// Parameters are named without Warp's `var_` prefix, so the snippet can use them
// (Warp removes every `var_` of the name: `my_var_x` becomes `my_x`).
std::string snippet_name(const Var* a) {
    std::string name = a->emit();
    for (size_t p; (p = name.find("var_")) != std::string::npos;) name.erase(p, 4);
    return name;
}

// A wp.ref[T] parameter arrives as a pointer `_wp_ref_<name>`; a reference named like the
// parameter lets the snippet read and write it as a T.
std::vector<std::string> forward_args(const Adjoint& adj) {
    std::vector<std::string> args;
    for (const Var* a : adj.args)
        args.push_back(a->type->is_tile()
                           ? fmt::format("tile_{}& {}", a->label, snippet_name(a))
                           : fmt::format("{} {}{}", a->ctype(), a->type->is_reference() ? "_wp_ref_" : "",
                                         snippet_name(a)));
    return args;
}

std::string ref_aliases(const Adjoint& adj) {
    std::string s;
    for (const Var* a : adj.args)
        if (a->type->is_reference())
            s += fmt::format("    {}& {} = *_wp_ref_{};\n", a->value_ctype(), snippet_name(a),
                             snippet_name(a));
    return s;
}

std::string ref_adjoint_aliases(const Adjoint& adj) {
    std::string s;
    for (const Var* a : adj.args)
        if (a->type->is_reference())
            s += fmt::format("    {}& adj_{} = *_wp_ref_adj_{};\n", a->value_ctype(), a->label, a->label);
    return s;
}

} // namespace

// Warp uses its CUDA templates for snippets on both devices.
std::string native_forward_text(const UserFunction& f, const std::string& path) {
    const Adjoint& adj = *f.adj;
    return fmt::format("{}\n// {}:{}\nstatic CUDA_CALLABLE {} {}(\n    {})\n{{\n{}}}\n\n",
                       tile_template_prefix(adj), path, f.src.display_lineno, snippet_return_type(adj),
                       f.native_name, join_args(forward_args(adj)), ref_aliases(adj) + *f.native_snippet);
}

std::string native_reverse_text(const UserFunction& f, const std::string& path) {
    const Adjoint& adj = *f.adj;
    std::vector<std::string> args = forward_args(adj);
    for (const Var* a : adj.args)
        args.push_back(a->type->is_tile()
                           ? fmt::format("tile_{0} & adj_{0}", a->label)
                           : fmt::format("{} {}adj_{}", a->ctype(),
                                         a->type->is_reference() ? "_wp_ref_" : "& ", a->label));
    std::string return_type = snippet_return_type(adj);
    if (return_type != "void") args.push_back(return_type + " & adj_ret");
    return fmt::format("{}\n// {}:{}\nstatic CUDA_CALLABLE void adj_{}(\n    {})\n{{\n{}}}\n\n",
                       tile_template_prefix(adj), path, f.src.display_lineno, f.native_name, join_args(args),
                       ref_aliases(adj) + ref_adjoint_aliases(adj) + f.adj_native_snippet.value_or(""));
}

} // namespace ws
