// wp.static(...): evaluated when a function is defined (Warp's
// Adjoint.replace_static_expressions), else during code generation.
#include "codegen/module_scope.h"
#include "syntax/ast_walk.h"
#include "syntax/parser.h"

#include <algorithm>
#include <deque>
#include <fmt/format.h>

namespace ws {

namespace {

void walk_names(const ast::Expr* e, std::set<std::string>& out) {
    std::deque<WalkNode> q{WalkNode{e}};
    while (!q.empty()) {
        WalkNode n = q.front();
        q.pop_front();
        if (n.expr && n.expr->kind == ast::ExprKind::Name) out.emplace(ast::as<ast::Name>(n.expr)->id);
        children(n, q);
    }
}

const ast::Expr* static_argument(const ast::Call* call) {
    return !call->args.empty() ? call->args[0] : !call->keywords.empty() ? call->keywords[0].value : nullptr;
}

} // namespace

ObjectRef ModuleScope::static_call_target(const ast::Call* call, const NameTest& shadowed) const {
    return dotted_target(call->func, shadowed);
}

// Resolved link by link from the root name, without collecting the path (a vector of strings
// for every call node walked).
ObjectRef ModuleScope::dotted_target(const ast::Expr* e, const NameTest& shadowed) const {
    if (e->kind == ast::ExprKind::Attribute) {
        const auto* a = ast::as<ast::Attribute>(e);
        ObjectRef base = dotted_target(a->value, shadowed);
        return base ? attribute(*base, a->attr) : nullptr;
    }
    if (e->kind != ast::ExprKind::Name) return nullptr;
    std::string_view root = ast::as<ast::Name>(e)->id;
    if (shadowed(root)) return nullptr;
    ObjectRef obj = global(root);
    if (!obj) obj = attribute(*python_builtin("__warp__"), root);
    if (!obj) obj = python_builtin(root);
    return obj;
}

ObjectRef ModuleScope::evaluate_static(const ast::Call* call, const LocalLookup* locals,
                                       std::string* code) const {
    const ast::Expr* arg = static_argument(call);
    if (!arg || call->args.size() + call->keywords.size() != 1) return nullptr;
    // Warp's key for the expression: its source text on one line.
    std::string text = source_segment(source(), arg->pos);
    text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
    if (code) *code = text;
    ObjectRef v = eval_python(arg, locals);
    // Values Warp accepts from a static expression: numbers, Warp values, functions.
    if (v && (v->kind == Object::Kind::Constant || v->kind == Object::Kind::Function ||
              v->kind == Object::Kind::Builtin || v->kind == Object::Kind::Unsupported))
        return v;
    return Object::make_unsupported(fmt::format("`{}` is not a value a kernel can use", text));
}

void ModuleScope::resolve_static_expressions(FunctionSource& fs) const {
    // Like Warp, only functions whose source mentions "static" can have any.
    // The lines are searched as one span of the text (a word never crosses a line break).
    const SourceFile& file = source();
    int first = std::max(fs.fun_lineno, 1), last = std::min(fs.def->pos.end_line, file.line_count());
    if (first > last) return;
    const char* begin = file.line(first).data();
    std::string_view last_line = file.line(last);
    std::string_view span(begin, static_cast<size_t>(last_line.data() + last_line.size() - begin));
    if (span.find("static") == std::string_view::npos) return;
    // Warp's Adjoint.replace_static_expressions: depth first over the whole
    // definition, tracking enclosing loop variables; a static expression that
    // names one is left for code generation.
    auto is_param = [&](std::string_view name) {
        return std::any_of(fs.params.begin(), fs.params.end(),
                           [&](const Param& p) { return p.name == name; });
    };
    // At definition time only the parameters' types are known (for len(param)).
    LocalLookup param_types = [&](std::string_view name) -> ObjectRef {
        for (const Param& p : fs.params)
            if (p.name == name) return Object::make_type(p.type, "<parameter>");
        return nullptr;
    };
    // Replaces one static call by its value; false when it must wait for code generation.
    auto substitute = [&](const ast::Call* call) {
        std::string code;
        ObjectRef v;
        try {
            v = evaluate_static(call, &param_types, &code);
        } catch (const PythonException&) {
            return false; // Warp ignores the error here and raises it during code generation
        }
        if (!v || v->kind == Object::Kind::Unsupported) return false;
        fs.static_values[call] = v;
        auto same = [&](const auto& entry) { return entry.first == code; };
        auto it = std::find_if(fs.resolved_statics.begin(), fs.resolved_statics.end(), same);
        if (it != fs.resolved_statics.end())
            it->second = v;
        else
            fs.resolved_statics.emplace_back(code, v);
        return true;
    };
    std::map<std::string, int> loop_vars;
    // One queue for the whole walk, each level walking the children it appended: a queue per
    // node cost two allocations (a deque allocates when made).
    std::deque<WalkNode> kids;
    std::function<void(const WalkNode&)> walk = [&](const WalkNode& n) {
        std::string loop_var;
        if (n.stmt && n.stmt->kind == ast::StmtKind::For) {
            const auto* f = ast::as<ast::For>(n.stmt);
            if (f->target->kind == ast::ExprKind::Name) loop_var = ast::as<ast::Name>(f->target)->id;
            if (!loop_var.empty()) ++loop_vars[loop_var];
        }
        if (n.expr && n.expr->kind == ast::ExprKind::Call) {
            const auto* call = ast::as<ast::Call>(n.expr);
            ObjectRef target = static_call_target(call, is_param);
            if (target && target->kind == Object::Kind::WarpPyFunc && target->name == "static") {
                std::set<std::string> referenced;
                if (const ast::Expr* arg = static_argument(call)) walk_names(arg, referenced);
                bool uses_loop_var = std::any_of(referenced.begin(), referenced.end(),
                                                 [&](const std::string& s) { return loop_vars.count(s); });
                if (!uses_loop_var && substitute(call)) return; // replaced: its arguments are not walked
                fs.has_unresolved_statics = true;
            }
        }
        const size_t first = kids.size();
        children(n, kids);
        // Appending keeps the deque's elements in place, and deeper levels truncate it back.
        for (size_t i = first, end = kids.size(); i < end; ++i) walk(kids[i]);
        kids.resize(first);
        if (!loop_var.empty() && --loop_vars[loop_var] == 0) loop_vars.erase(loop_var);
    };
    walk(WalkNode{nullptr, fs.def});
}

} // namespace ws
