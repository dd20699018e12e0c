// Statements: the function body, if/elif/else with Warp's `where` merging,
// for loops (unrolled or dynamic), while, break, continue, return,
// expression statements and assert.
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "codegen/python_eval.h"
#include "syntax/ast_walk.h"
#include "syntax/parser.h"
#include "types/name_hash.h"
#include "types/python_number.h"
#include "types/scratch_vector.h"

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <functional>

namespace ws {

namespace {

// Warp's contains_loop_control: a transfer of this loop in the body or in
// nested ifs (nested loops handle their own).
bool contains_loop_control(const std::vector<ast::Stmt*>& body, bool want_break, bool want_continue) {
    for (const ast::Stmt* s : body) {
        if (want_break && s->kind == ast::StmtKind::Break) return true;
        if (want_continue && s->kind == ast::StmtKind::Continue) return true;
        if (s->kind == ast::StmtKind::If) {
            const auto* i = ast::as<ast::If>(s);
            if (contains_loop_control(i->body, want_break, want_continue) ||
                contains_loop_control(i->orelse, want_break, want_continue))
                return true;
        }
    }
    return false;
}

// Every name stored anywhere in `body` (ast.walk over Name nodes in Store context), in source order.
void collect_stored_names(const ast::Expr* e, std::vector<std::string>& out) {
    if (!e) return;
    switch (e->kind) {
    case ast::ExprKind::Name:
        if (ast::as<ast::Name>(e)->ctx == ast::ExprContext::Store)
            out.emplace_back(ast::as<ast::Name>(e)->id);
        break;
    case ast::ExprKind::Tuple:
        for (auto* x : ast::as<ast::Tuple>(e)->elts) collect_stored_names(x, out);
        break;
    case ast::ExprKind::List:
        for (auto* x : ast::as<ast::List>(e)->elts) collect_stored_names(x, out);
        break;
    case ast::ExprKind::Starred: collect_stored_names(ast::as<ast::Starred>(e)->value, out); break;
    default: break;
    }
}

void collect_stored_names(const std::vector<ast::Stmt*>& body, std::vector<std::string>& out) {
    for (const ast::Stmt* s : body) {
        switch (s->kind) {
        case ast::StmtKind::Assign:
            for (auto* t : ast::as<ast::Assign>(s)->targets) collect_stored_names(t, out);
            break;
        case ast::StmtKind::AugAssign: collect_stored_names(ast::as<ast::AugAssign>(s)->target, out); break;
        case ast::StmtKind::AnnAssign: collect_stored_names(ast::as<ast::AnnAssign>(s)->target, out); break;
        case ast::StmtKind::For:
            collect_stored_names(ast::as<ast::For>(s)->target, out);
            collect_stored_names(ast::as<ast::For>(s)->body, out);
            collect_stored_names(ast::as<ast::For>(s)->orelse, out);
            break;
        case ast::StmtKind::While:
            collect_stored_names(ast::as<ast::While>(s)->body, out);
            collect_stored_names(ast::as<ast::While>(s)->orelse, out);
            break;
        case ast::StmtKind::If:
            collect_stored_names(ast::as<ast::If>(s)->body, out);
            collect_stored_names(ast::as<ast::If>(s)->orelse, out);
            break;
        default: break;
        }
    }
}

// Every Name id in a subtree (ast.walk over Name nodes).
void collect_names(const ast::Expr* e, std::set<std::string>& out);
void collect_names(const ast::Stmt* s, std::set<std::string>& out);

void collect_names(const std::vector<ast::Stmt*>& body, std::set<std::string>& out) {
    for (const ast::Stmt* s : body) collect_names(s, out);
}

void collect_names(const ast::Expr* e, std::set<std::string>& out) {
    if (!e) return;
    switch (e->kind) {
    case ast::ExprKind::Name: out.emplace(ast::as<ast::Name>(e)->id); break;
    case ast::ExprKind::Attribute: collect_names(ast::as<ast::Attribute>(e)->value, out); break;
    case ast::ExprKind::Subscript:
        collect_names(ast::as<ast::Subscript>(e)->value, out);
        collect_names(ast::as<ast::Subscript>(e)->slice, out);
        break;
    case ast::ExprKind::Slice:
        collect_names(ast::as<ast::Slice>(e)->lower, out);
        collect_names(ast::as<ast::Slice>(e)->upper, out);
        collect_names(ast::as<ast::Slice>(e)->step, out);
        break;
    case ast::ExprKind::Call:
        collect_names(ast::as<ast::Call>(e)->func, out);
        for (auto* a : ast::as<ast::Call>(e)->args) collect_names(a, out);
        for (const auto& k : ast::as<ast::Call>(e)->keywords) collect_names(k.value, out);
        break;
    case ast::ExprKind::BinOp:
        collect_names(ast::as<ast::BinOp>(e)->left, out);
        collect_names(ast::as<ast::BinOp>(e)->right, out);
        break;
    case ast::ExprKind::UnaryOp: collect_names(ast::as<ast::UnaryOp>(e)->operand, out); break;
    case ast::ExprKind::BoolOp:
        for (auto* v : ast::as<ast::BoolOp>(e)->values) collect_names(v, out);
        break;
    case ast::ExprKind::Compare:
        collect_names(ast::as<ast::Compare>(e)->left, out);
        for (auto* c : ast::as<ast::Compare>(e)->comparators) collect_names(c, out);
        break;
    case ast::ExprKind::IfExp:
        collect_names(ast::as<ast::IfExp>(e)->test, out);
        collect_names(ast::as<ast::IfExp>(e)->body, out);
        collect_names(ast::as<ast::IfExp>(e)->orelse, out);
        break;
    case ast::ExprKind::Tuple:
        for (auto* v : ast::as<ast::Tuple>(e)->elts) collect_names(v, out);
        break;
    case ast::ExprKind::List:
        for (auto* v : ast::as<ast::List>(e)->elts) collect_names(v, out);
        break;
    case ast::ExprKind::Starred: collect_names(ast::as<ast::Starred>(e)->value, out); break;
    default: break;
    }
}

void collect_names(const ast::Stmt* s, std::set<std::string>& out) {
    switch (s->kind) {
    case ast::StmtKind::Assign:
        for (auto* t : ast::as<ast::Assign>(s)->targets) collect_names(t, out);
        collect_names(ast::as<ast::Assign>(s)->value, out);
        break;
    case ast::StmtKind::AugAssign:
        collect_names(ast::as<ast::AugAssign>(s)->target, out);
        collect_names(ast::as<ast::AugAssign>(s)->value, out);
        break;
    case ast::StmtKind::AnnAssign:
        collect_names(ast::as<ast::AnnAssign>(s)->target, out);
        collect_names(ast::as<ast::AnnAssign>(s)->annotation, out);
        collect_names(ast::as<ast::AnnAssign>(s)->value, out);
        break;
    case ast::StmtKind::For:
        collect_names(ast::as<ast::For>(s)->target, out);
        collect_names(ast::as<ast::For>(s)->iter, out);
        collect_names(ast::as<ast::For>(s)->body, out);
        collect_names(ast::as<ast::For>(s)->orelse, out);
        break;
    case ast::StmtKind::While:
        collect_names(ast::as<ast::While>(s)->test, out);
        collect_names(ast::as<ast::While>(s)->body, out);
        collect_names(ast::as<ast::While>(s)->orelse, out);
        break;
    case ast::StmtKind::If:
        collect_names(ast::as<ast::If>(s)->test, out);
        collect_names(ast::as<ast::If>(s)->body, out);
        collect_names(ast::as<ast::If>(s)->orelse, out);
        break;
    case ast::StmtKind::Return: collect_names(ast::as<ast::Return>(s)->value, out); break;
    case ast::StmtKind::Expr: collect_names(ast::as<ast::ExprStmt>(s)->value, out); break;
    case ast::StmtKind::Assert:
        collect_names(ast::as<ast::Assert>(s)->test, out);
        collect_names(ast::as<ast::Assert>(s)->msg, out);
        break;
    default: break;
    }
}

} // namespace

bool Adjoint::contains_static_call(const ast::Stmt* loop) {
    // The local names, asked of the symbol table (a set of their copies cost every loop a node
    // and often a string per name).
    auto shadowed = [this](std::string_view name) { return symbols.contains(name); };
    std::deque<WalkNode> q{WalkNode{nullptr, loop}};
    while (!q.empty()) {
        WalkNode n = q.front();
        q.pop_front();
        if (n.expr && n.expr->kind == ast::ExprKind::Call && !src.static_value(n.expr)) {
            ObjectRef t = src.scope->static_call_target(ast::as<ast::Call>(n.expr), shadowed);
            if (t && t->kind == Object::Kind::WarpPyFunc && t->name == "static") return true;
        }
        children(n, q, &src.static_values);
    }
    return false;
}

std::pair<std::vector<ast::Stmt*>, bool>
Adjoint::lower_unrolled_continues(const std::vector<ast::Stmt*>& body, const std::string& active_name) {
    std::vector<ast::Stmt*> result;
    for (size_t index = 0; index < body.size(); ++index) {
        ast::Stmt* statement = body[index];
        if (statement->kind == ast::StmtKind::Continue) {
            // `continue` becomes `active = False`, located at the continue.
            auto* target = synthetic().make_expr<ast::Name>();
            target->id = synthetic().keep(active_name);
            target->ctx = ast::ExprContext::Store;
            auto* value = synthetic().make_expr<ast::Constant>();
            value->value_kind = ast::Constant::Kind::Bool;
            value->bool_value = false;
            auto* assign = synthetic().make_stmt<ast::Assign>();
            assign->pos = statement->pos;
            assign->targets.push_back(target);
            assign->value = value;
            result.push_back(assign);
            return {result, true};
        }
        bool may_continue = false;
        if (statement->kind == ast::StmtKind::If) {
            const auto* original = ast::as<ast::If>(statement);
            auto* conditional = synthetic().make_stmt<ast::If>(*original);
            auto [b, bc] = lower_unrolled_continues(original->body, active_name);
            auto [o, oc] = lower_unrolled_continues(original->orelse, active_name);
            conditional->body = b;
            conditional->orelse = o;
            may_continue = bc || oc;
            result.push_back(conditional);
        } else {
            result.push_back(statement);
        }
        if (may_continue) {
            std::vector<ast::Stmt*> rest(body.begin() + static_cast<long>(index) + 1, body.end());
            std::vector<ast::Stmt*> tail = lower_unrolled_continues(rest, active_name).first;
            if (!tail.empty()) {
                auto* test = synthetic().make_expr<ast::Name>();
                test->id = synthetic().keep(active_name);
                auto* guard = synthetic().make_stmt<ast::If>();
                guard->pos = body[index + 1]->pos;
                guard->test = test;
                guard->body = tail;
                result.push_back(guard);
            }
            return {result, true};
        }
    }
    return {result, false};
}

void Adjoint::eval(const ast::Stmt* node) {
    ModuleBuilder::Nested nested(*builder, builder->scope().source(), node->pos);
    if (node->kind == ast::StmtKind::If || node->kind == ast::StmtKind::For ||
        node->kind == ast::StmtKind::While)
        builder->count_name_copies(symbols.size(), builder->scope().source(), node->pos);
    if (node->pos.line > 0) set_lineno(node->pos.line - src.fun_lineno); // synthesized nodes have no position
    current_pos_ = node->pos;
    switch (node->kind) {
    case ast::StmtKind::FunctionDef: fail(node, "nested function definitions are not supported in kernels");
    case ast::StmtKind::If: emit_if(ast::as<ast::If>(node)); return;
    case ast::StmtKind::For: emit_for(ast::as<ast::For>(node)); return;
    case ast::StmtKind::While: emit_while(ast::as<ast::While>(node)); return;
    case ast::StmtKind::Break: emit_break(node); return;
    case ast::StmtKind::Continue: emit_continue(node); return;
    case ast::StmtKind::Return: emit_return(ast::as<ast::Return>(node)); return;
    case ast::StmtKind::Expr: emit_expr_stmt(ast::as<ast::ExprStmt>(node)); return;
    case ast::StmtKind::Assign: emit_assign(ast::as<ast::Assign>(node)); return;
    case ast::StmtKind::AugAssign: emit_augassign(ast::as<ast::AugAssign>(node)); return;
    case ast::StmtKind::Assert: emit_assert(ast::as<ast::Assert>(node)); return;
    case ast::StmtKind::Pass: return;
    default:
        fail(node, fmt::format("construct `ast.{}` is not supported in kernels", ast::name_of(node->kind)));
    }
}

void Adjoint::eval_body(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* s : body) eval(s);
}

void Adjoint::emit_function_def(const ast::FunctionDef* node) {
    set_lineno(node->pos.line - src.fun_lineno);
    for (const ast::Stmt* s : node->body) {
        // Standalone constants (docstrings) create no variables.
        if (s->kind == ast::StmtKind::Expr &&
            ast::as<ast::ExprStmt>(s)->value->kind == ast::ExprKind::Constant)
            continue;
        eval(s);
    }
    if (return_var && return_var->size() == 1 && node->body.back()->kind != ast::StmtKind::Return)
        add_forward("return {};", std::nullopt, true);
    // Warp recognizes a native function by its one decorator `@<x>.func_native(...)` and returns
    // the annotated type.
    bool native =
        node->decorators.size() == 1 && node->decorators[0]->kind == ast::ExprKind::Call &&
        ast::as<ast::Call>(node->decorators[0])->func->kind == ast::ExprKind::Attribute &&
        ast::as<ast::Attribute>(ast::as<ast::Call>(node->decorators[0])->func)->attr == "func_native";
    if (native && src.has_return_annotation) {
        TypeRef t = src.return_annotation;
        if (!t || !(t->is_value() || t->is_array()))
            fail(node, fmt::format("Native function '{}' has unsupported return type. Expected a Warp value, "
                                   "native value, array, or fixedarray type.",
                                   node->name));
        Var& v = var_storage_.emplace_back();
        v.label = "return_type";
        v.type = t;
        return_var = std::vector<Var*>{&v};
    }
}

void Adjoint::emit_if(const ast::If* node) {
    if (node->body.empty()) return;
    Var* cond = eval_var(node->test, "condition");
    if (cond->constant) {
        eval_body(cond->constant->truthy() ? node->body : node->orelse);
        return;
    }
    SymbolTable before = symbols;
    begin_if(cond);
    eval_body(node->body);
    end_if(cond);
    SymbolTable after_if = std::move(symbols);
    SymbolTable after_else;
    if (!node->orelse.empty()) {
        symbols = before;
        begin_else(cond);
        eval_body(node->orelse);
        end_else(cond);
        after_else = std::move(symbols);
    }
    // add_builtin_call below must not see branch-local names: the table is `before` again
    // (moved back, not copied), unchanged until the merged bindings are set after the scan.
    // Without an else branch, its table is `before` itself.
    symbols = std::move(before);
    const SymbolTable& prior = symbols;
    const SymbolTable& else_table = node->orelse.empty() ? prior : after_else;

    // Merge: variables that differ between the branches get a `where`.
    ScratchVector<std::pair<std::string_view, Value>> merged_s;
    // Set in this order once the scan is done. Its names view the branch tables (a name only
    // `before` has is bound as before, so none views `symbols`, which setting may move).
    std::vector<std::pair<std::string_view, Value>>& merged = *merged_s;
    // A table's names are only appended or rebound in place, so a name usually sits at the
    // same position in each table made from `before`: looked for there before scanning
    // (three scans per name made the merge quadratic in the names in scope).
    auto locate = [](const SymbolTable& t, size_t i, std::string_view sym) -> const Value* {
        const auto& e = t.entries();
        return i < e.size() && same_name(e[i].first, sym) ? &e[i].second : t.find(sym);
    };
    ScratchVector<std::pair<std::string_view, size_t>> names; // and their positions
    for (size_t i = 0; i < after_if.size(); ++i) names->emplace_back(after_if.entries()[i].first, i);
    for (size_t i = 0; i < else_table.size(); ++i)
        if (!locate(after_if, i, else_table.entries()[i].first))
            names->emplace_back(else_table.entries()[i].first, i);
    // A name bound to nothing (`x, y = 1, f()` with a void `f`) counts as
    // unassigned, as Warp's None does.
    auto get = [&](const SymbolTable& t, size_t i, std::string_view sym,
                   const Value* absent) -> const Value* {
        const Value* v = locate(t, i, sym);
        if (!v) return absent;
        return v->is_none() ? nullptr : v;
    };
    for (const auto& [sym, i] : *names) {
        const Value* prev = get(prior, i, sym, nullptr);
        const Value* if_v = get(after_if, i, sym, prev);
        const Value* else_v = get(else_table, i, sym, prev);
        if (!if_v && !else_v) continue;
        if (if_v && else_v && if_v->same_as(*else_v)) {
            // Bound as before the branches: already so (rebinding cost a lookup).
            if (!prev || !prev->same_as(*if_v)) merged.emplace_back(sym, *if_v);
        } else if (!if_v) {
            merged.emplace_back(sym, *else_v);
        } else if (!else_v) {
            merged.emplace_back(sym, *if_v);
        } else {
            if (!if_v->is_var() || !else_v->is_var())
                fail(node,
                     fmt::format("'{}' is bound to different kinds of objects in the two branches", sym));
            merged.emplace_back(sym, Value(add_builtin_call1("where", {cond, if_v->var, else_v->var})));
        }
    }
    for (auto& [sym, v] : merged) symbols.set(sym, std::move(v));
}

void Adjoint::promote_mutated_iter_constants(const std::vector<ast::Stmt*>& body) {
    if (loop_const_iter_symbols_.empty()) return;
    std::vector<std::string> mutated;
    collect_stored_names(body, mutated);
    std::set<std::string> seen;
    for (const std::string& name : mutated) {
        if (!seen.insert(name).second) continue;
        const Value* v = symbols.find(name);
        if (loop_const_iter_symbols_.count(name) && v && v->is_var() && v->var->constant)
            symbols.set(name, Value(add_builtin_call1("copy", {v->var})));
    }
}

void Adjoint::emit_for(const ast::For* node) {
    if (node->target->kind != ast::ExprKind::Name) fail(node, "for-loop targets must be a single name");
    std::string_view target = ast::as<ast::Name>(node->target)->id;
    if (!node->orelse.empty()) fail(node, "for-else is not supported in kernels");

    // Is it range(...) with 1-3 arguments?
    const ast::Call* call =
        node->iter->kind == ast::ExprKind::Call ? ast::as<ast::Call>(node->iter) : nullptr;
    bool is_range = call && call->func->kind == ast::ExprKind::Name &&
                    ast::as<ast::Name>(call->func)->id == "range" && !call->args.empty() &&
                    call->args.size() <= 3 && call->keywords.empty();

    Var* range_call = nullptr;
    std::optional<ConstantRange> constant_range;
    bool unroll = false;
    ConstantRange r;
    if (is_range) {
        // Warp's get_unroll_range: evaluate all arguments once.
        std::vector<RangeArg> rargs;
        for (const ast::Expr* a : call->args) rargs.push_back(eval_range_arg(a));
        bool all_numeric =
            std::all_of(rargs.begin(), rargs.end(), [](const RangeArg& a) { return a.numeric; });
        if (all_numeric) {
            r = python_range(call, rargs);
            bool has_static = contains_static_call(node); // such loops always unroll
            bool has_break = contains_loop_control(node->body, true, false);
            if (has_static || (r.count <= builder->max_unroll() && !has_break)) {
                unroll = true;
            } else {
                if (r.count > builder->max_unroll()) has_non_unrolled_constant_loop = true;
                if (!contains_loop_control(node->body, true, true)) constant_range = r;
            }
        }
        if (!unroll && !constant_range) {
            std::vector<Var*> a;
            for (auto& ra : rargs) a.push_back(ra.var ? ra.var : add_constant(*ra.value));
            current_pos_ = call->pos;
            range_call = add_builtin_call("range", a).var;
        }
    }

    if (unroll) {
        if (r.count > 0) loop_const_iter_symbols_.emplace(target);
        std::vector<ast::Stmt*> body = node->body;
        std::string active_name;
        if (r.count > 0 && contains_loop_control(body, false, true)) {
            // `continue` in an unrolled body: guard the rest of the iteration
            // with a flag, as Warp's lower_unrolled_continues does.
            std::set<std::string> names;
            collect_names(node, names);
            for (const auto& [k, v] : symbols.entries()) names.insert(k);
            active_name = fmt::format("_wp_continue_{}", label_count_);
            while (names.count(active_name)) active_name = fmt::format("_wp_continue_{}", ++label_count_);
            ++label_count_;
            body = lower_unrolled_continues(body, active_name).first;
        }
        for (int64_t k = 0; k < r.count; ++k) {
            symbols.set(target, Value(add_constant(Constant::py_int(r.at(k)))));
            if (!active_name.empty()) symbols.set(active_name, Value(add_constant(Constant::py_bool(true))));
            eval_body(body);
        }
        if (!active_name.empty()) symbols.erase(active_name);
        return;
    }

    Var* iter;
    if (constant_range)
        iter = add_var(types::int32());
    else if (range_call)
        iter = range_call;
    else
        iter = eval_var(node->iter, "loop iterable");
    promote_mutated_iter_constants(node->body);
    Var* loop_value = begin_for(iter, constant_range);
    symbols.set(target, Value(loop_value));
    loop_symbols_.push_back(symbols);
    eval_body(node->body);
    materialize_redefinitions(loop_symbols_.back());
    loop_symbols_.pop_back();
    // Warp's constant loop reads the range's last value: an empty one (only
    // left rolled by a negative max_unroll) raises IndexError.
    if (constant_range && constant_range->count == 0) fail(call, "range object index out of range");
    end_for(iter, constant_range, loop_value);
}

void Adjoint::emit_while(const ast::While* node) {
    if (!node->orelse.empty()) fail(node, "while-else is not supported in kernels");
    promote_mutated_iter_constants(node->body);
    begin_while(node->test);
    loop_symbols_.push_back(symbols);
    eval_body(node->body);
    materialize_redefinitions(loop_symbols_.back());
    loop_symbols_.pop_back();
    end_while();
}

void Adjoint::emit_break(const ast::Stmt* node) {
    if (loop_symbols_.empty()) fail(node, "'break' outside loop");
    materialize_redefinitions(loop_symbols_.back());
    add_forward(fmt::format("goto end_{};", loop_blocks_.back()->label));
}

void Adjoint::emit_continue(const ast::Stmt* node) {
    if (loop_symbols_.empty()) fail(node, "'continue' not properly in loop");
    materialize_redefinitions(loop_symbols_.back());
    add_forward(fmt::format("goto start_{};", loop_blocks_.back()->label));
}

void Adjoint::emit_return(const ast::Return* node) {
    std::optional<std::vector<Var*>> vars;
    if (node->value) {
        std::vector<Var*> vs;
        if (node->value->kind == ast::ExprKind::Tuple) {
            for (const ast::Expr* e : ast::as<ast::Tuple>(node->value)->elts)
                vs.push_back(eval_var(e, "return value"));
        } else {
            Value v = eval(node->value);
            if (v.kind == Value::Kind::Outputs)
                vs = v.outputs();
            else if (v.is_var())
                vs.push_back(v.var);
            else
                fail(node, "return value is not a value");
        }
        vars = std::move(vs);
    }
    if (!is_user_function && vars) fail(node, "kernels cannot return values");
    if (return_var && vars) {
        bool same = return_var->size() == vars->size();
        for (size_t i = 0; same && i < vars->size(); ++i)
            same =
                types::strip_reference(return_var->at(i)->type) == types::strip_reference(vars->at(i)->type);
        if (!same) fail(node, "function returned different types on different paths");
    }
    if (vars) { // references copied in place (a second vector cost an allocation per return)
        for (Var*& v : *vars)
            if (v->type->is_reference()) v = add_builtin_call1("copy", {v});
        return_var = std::move(vars);
    }
    add_return(return_var);
}

void Adjoint::emit_expr_stmt(const ast::ExprStmt* node) {
    if (node->value->kind == ast::ExprKind::Call) {
        emit_call(ast::as<ast::Call>(node->value), false);
        return;
    }
    eval(node->value);
}

void Adjoint::emit_assert(const ast::Assert* node) {
    Var* cond = load(eval_var(node->test, "assert condition"));
    std::string segment = source_segment(src.scope->source(), node->pos);
    std::string escaped;
    for (char c : segment) {
        if (c == '"') escaped += '\\';
        escaped += c;
    }
    add_forward(fmt::format("assert(((void)\"{}\",{}));", escaped, cond->emit()));
}

} // namespace ws
