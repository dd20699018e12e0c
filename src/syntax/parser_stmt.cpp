// Statements: simple statements, compound statements and their blocks.
// Statement kinds Warp never lowers (try, with, match, ...) are parsed fully,
// so the rest of the file parses, and kept as SimpleStmt with a position.
#include "syntax/parser_impl.h"

#include <fmt/format.h>
#include <utility>

namespace ws::detail {

using namespace ws::ast;

void Parser::statement(std::vector<Stmt*>& out) {
    switch (kind()) {
    case Tok::KwDef: out.push_back(function_def({}, at().line)); return;
    case Tok::At: out.push_back(decorated()); return;
    case Tok::KwClass: out.push_back(class_def({}, at().line)); return;
    case Tok::KwIf: out.push_back(if_statement(false)); return;
    case Tok::KwFor: out.push_back(for_statement(start(), false)); return;
    case Tok::KwWhile: out.push_back(while_statement()); return;
    case Tok::KwTry: out.push_back(try_statement()); return;
    case Tok::KwWith: out.push_back(with_statement(start(), false)); return;
    case Tok::KwAsync: out.push_back(async_statement()); return;
    case Tok::Indent: invalid_syntax();
    case Tok::Name:
        if (is_name("match")) {
            if (Stmt* m = match_statement()) {
                out.push_back(m);
                return;
            }
        }
        break;
    default: break;
    }
    simple_statements(out);
}

// simple_stmt (';' simple_stmt)* [';'] NEWLINE
void Parser::simple_statements(std::vector<Stmt*>& out) {
    for (;;) {
        out.push_back(simple_statement());
        if (!accept(Tok::Semi) || is(Tok::Newline)) break;
    }
    if (!accept(Tok::Newline)) invalid_syntax();
}

Stmt* Parser::simple_statement() {
    Start s = start();
    switch (kind()) {
    case Tok::KwPass: take(); return stmt<SimpleStmt>(s, StmtKind::Pass);
    case Tok::KwBreak: take(); return stmt<SimpleStmt>(s, StmtKind::Break);
    case Tok::KwContinue: take(); return stmt<SimpleStmt>(s, StmtKind::Continue);
    case Tok::KwReturn: {
        take();
        Expr* value = starts_expression() ? star_expressions() : nullptr;
        auto* r = stmt<Return>(s);
        r->value = value;
        return r;
    }
    case Tok::KwImport: return import_statement();
    case Tok::KwFrom: return from_import_statement();
    case Tok::KwRaise:
        take();
        if (starts_expression()) {
            expression();
            if (accept(Tok::KwFrom)) expression();
        }
        return stmt<SimpleStmt>(s, StmtKind::Raise);
    case Tok::KwGlobal:
    case Tok::KwNonlocal: {
        StmtKind k = take().kind == Tok::KwGlobal ? StmtKind::Global : StmtKind::Nonlocal;
        do {
            expect(Tok::Name);
        } while (accept(Tok::Comma));
        return stmt<SimpleStmt>(s, k);
    }
    case Tok::KwDel: return del_statement();
    case Tok::KwAssert: {
        take();
        Expr* test = expression();
        Expr* msg = accept(Tok::Comma) ? expression() : nullptr;
        auto* a = stmt<Assert>(s);
        a->test = test;
        a->msg = msg;
        return a;
    }
    default: return expression_statement();
    }
}

namespace {

bool augassign_op(Tok t, BinOpKind& op) {
    switch (t) {
    case Tok::PlusEqual: op = BinOpKind::Add; return true;
    case Tok::MinEqual: op = BinOpKind::Sub; return true;
    case Tok::StarEqual: op = BinOpKind::Mult; return true;
    case Tok::AtEqual: op = BinOpKind::MatMult; return true;
    case Tok::SlashEqual: op = BinOpKind::Div; return true;
    case Tok::PercentEqual: op = BinOpKind::Mod; return true;
    case Tok::AmperEqual: op = BinOpKind::BitAnd; return true;
    case Tok::VBarEqual: op = BinOpKind::BitOr; return true;
    case Tok::CircumflexEqual: op = BinOpKind::BitXor; return true;
    case Tok::LeftShiftEqual: op = BinOpKind::LShift; return true;
    case Tok::RightShiftEqual: op = BinOpKind::RShift; return true;
    case Tok::DoubleStarEqual: op = BinOpKind::Pow; return true;
    case Tok::DoubleSlashEqual: op = BinOpKind::FloorDiv; return true;
    default: return false;
    }
}

} // namespace

// An expression statement or one of the assignments; which one is known only
// after the first expression, which then becomes the target.
Stmt* Parser::expression_statement() {
    Start s = start();
    const bool parenthesized = is(Tok::LPar);
    // Bare `yield` targets get their own message; `(yield)` does not.
    const Expr* bare_yield = nullptr;
    auto rhs = [&] {
        if (!is(Tok::KwYield)) return star_expressions();
        Expr* y = yield_expr();
        if (!bare_yield) bare_yield = y;
        return y;
    };
    Expr* first = rhs();

    if (is(Tok::Colon)) {
        // CPython names a bad target only when an annotation follows.
        bool annotated = first->kind == ExprKind::Name || first->kind == ExprKind::Attribute ||
                         first->kind == ExprKind::Subscript;
        if (!annotated) {
            Mark m = mark();
            take();
            bool follows = starts_expression() && !is(Tok::Star);
            reset(m);
            if (!follows) error_at(at(), "invalid syntax");
        }
        switch (first->kind) {
        case ExprKind::Name:
        case ExprKind::Attribute:
        case ExprKind::Subscript: break;
        case ExprKind::Tuple:
            error_at(parenthesized || as<Tuple>(first)->elts.empty() ? first->pos
                                                                     : as<Tuple>(first)->elts[0]->pos,
                     "only single target (not tuple) can be annotated");
        case ExprKind::List: error_at(first->pos, "only single target (not list) can be annotated");
        default: error_at(first->pos, "illegal target for annotation");
        }
        take();
        Expr* annotation = expression();
        Expr* value = accept(Tok::Equal) ? rhs() : nullptr;
        set_store(first);
        auto* a = stmt<AnnAssign>(s);
        a->target = first;
        a->annotation = annotation;
        a->value = value;
        a->simple = first->kind == ExprKind::Name && !parenthesized;
        return a;
    }

    if (is(Tok::Equal)) {
        std::vector<Expr*> targets{first};
        Expr* value = nullptr;
        int equals = 0;
        while (accept(Tok::Equal)) {
            ++equals;
            Expr* e = rhs();
            if (is(Tok::Equal))
                targets.push_back(e);
            else
                value = e;
        }
        for (Expr* t : targets)
            if (t == bare_yield) error_at(t->pos, "assignment to yield expression not possible");
        check_assign_targets(targets, equals == 1);
        auto* a = stmt<Assign>(s);
        a->targets = std::move(targets);
        a->value = value;
        return a;
    }

    BinOpKind op;
    if (augassign_op(kind(), op)) {
        if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
            first->kind != ExprKind::Subscript)
            error_at(first->pos,
                     fmt::format("'{}' is an illegal expression for augmented assignment", expr_name(first)));
        take();
        Expr* value = rhs();
        set_store(first);
        auto* a = stmt<AugAssign>(s);
        a->target = first;
        a->op = op;
        a->value = value;
        return a;
    }

    // Python 2's `print x`.
    if (first->kind == ExprKind::Name && (as<Name>(first)->id == "print" || as<Name>(first)->id == "exec") &&
        starts_expression()) {
        Expr* args = star_expressions();
        error_at(
            Pos{first->pos.line, first->pos.col, args->pos.end_line, args->pos.end_col},
            fmt::format("Missing parentheses in call to '{0}'. Did you mean {0}(...)?", as<Name>(first)->id));
    }
    auto* e = stmt<ExprStmt>(s);
    e->value = first;
    return e;
}

// After `:`: an indented block, or simple statements on the same line.
void Parser::block(std::vector<Stmt*>& out, const Token& owner, const char* what) {
    if (!accept(Tok::Newline)) {
        simple_statements(out);
        return;
    }
    if (!is(Tok::Indent))
        error_here(fmt::format("expected an indented block after {} on line {}", what, owner.line));
    Nesting guard(*this, true);
    take();
    // Room for a typical body at once, not grown 1, 2, 4, 8.
    if (out.empty()) out.reserve(8);
    while (!is(Tok::Dedent) && !is(Tok::EndMarker)) statement(out);
    expect(Tok::Dedent);
}

Stmt* Parser::decorated() {
    std::vector<Expr*> decorators;
    int first_line = 0;
    while (accept(Tok::At)) {
        Expr* d = named_expression();
        if (decorators.empty()) first_line = d->pos.line;
        decorators.push_back(d);
        if (!accept(Tok::Newline)) invalid_syntax();
    }
    if (is(Tok::KwDef)) return function_def(std::move(decorators), first_line);
    if (is(Tok::KwClass)) return class_def(std::move(decorators), first_line);
    if (is(Tok::KwAsync) && kind(1) == Tok::KwDef) return async_statement();
    invalid_syntax();
}

Stmt* Parser::function_def(std::vector<Expr*> decorators, int first_line) {
    Start s = start();
    Token def = take();
    if (!is(Tok::Name)) invalid_syntax();
    auto* f = module_->make_stmt<FunctionDef>();
    f->name.assign(lexer_.text(take()));
    f->decorators = std::move(decorators);
    f->first_line = first_line;
    expect_forced(Tok::LPar);
    arguments(f->args, true, Tok::RPar);
    expect(Tok::RPar);
    if (accept(Tok::RArrow)) f->returns = expression();
    expect_forced(Tok::Colon);
    const int outer_blocks = std::exchange(static_blocks_, 0); // a function is compiled on its own
    block(f->body, def, "function definition");
    static_blocks_ = outer_blocks;
    f->pos = span(s);
    return f;
}

// Parameters of `def` (with annotations) or `lambda`, up to `closer`.
void Parser::arguments(Arguments& args, bool annotations, Tok closer) {
    bool seen_default = false, seen_star = false, seen_slash = false;
    while (!is(closer)) {
        if (is(Tok::Slash)) {
            if (seen_star) error_at(at(), "/ must be ahead of *");
            if (seen_slash) error_at(at(), "/ may appear only once");
            if (args.args.empty()) error_at(at(), "at least one argument must precede /");
            take();
            seen_slash = true;
            args.posonlyargs = std::move(args.args);
            args.args.clear();
        } else if (is(Tok::Star)) {
            Token star = take();
            if (seen_star) error_at(star, "* argument may appear only once");
            seen_star = true;
            if (is(Tok::Comma) || is(closer)) {
                if (is(closer) || kind(1) == closer || kind(1) == Tok::DoubleStar)
                    error_at(star, "named arguments must follow bare *");
            } else {
                args.owned.push_back(std::make_unique<Arg>(param(annotations, true)));
                args.vararg = args.owned.back().get();
            }
        } else if (is(Tok::DoubleStar)) {
            take();
            args.owned.push_back(std::make_unique<Arg>(param(annotations, false)));
            args.kwarg = args.owned.back().get();
            if (is(Tok::Equal)) error_at(at(), "var-keyword argument cannot have default value");
            accept(Tok::Comma);
            if (!is(closer)) error_at(at(), "arguments cannot follow var-keyword argument");
            break;
        } else {
            // The expression read last (annotation or default) and its first
            // token, for the missing-comma hint; an annotation follows `NAME :`.
            size_t last_index = index_ + 2;
            Arg a = param(annotations, false);
            Expr* last = a.annotation;
            Expr* def = nullptr;
            if (accept(Tok::Equal)) {
                last_index = index_;
                last = def = expression();
            }
            if (last && !is(Tok::Comma) && !is(closer)) missing_comma_check(last_index, last);
            if (seen_star) {
                args.kwonlyargs.push_back(std::move(a));
                args.kw_defaults.push_back(def);
            } else {
                if (def) {
                    args.defaults.push_back(def);
                    seen_default = true;
                } else if (seen_default && (is(Tok::Comma) || is(closer))) {
                    error_at(a.pos, "non-default argument follows default argument");
                }
                // Room for most functions' parameters at once: each regrowth moved every name.
                if (args.args.empty()) args.args.reserve(8);
                args.args.push_back(std::move(a));
            }
        }
        if (!accept(Tok::Comma)) break;
    }
}

// NAME [':' annotation]; `*args: *Ts` allows a starred annotation.
Arg Parser::param(bool annotation, bool star_annotation) {
    Start s = start();
    if (!is(Tok::Name)) invalid_syntax();
    Arg a{std::string(lexer_.text(take())), nullptr, {}}; // built in place: cheaper than assigned
    if (annotation && accept(Tok::Colon))
        a.annotation = star_annotation && is(Tok::Star) ? star_expression() : expression();
    a.pos = span(s);
    return a;
}

Stmt* Parser::class_def(std::vector<Expr*> decorators, int first_line) {
    Start s = start();
    Token cls = take();
    if (!is(Tok::Name)) invalid_syntax();
    auto* c = module_->make_stmt<ClassDef>();
    c->name.assign(lexer_.text(take()));
    c->decorators = std::move(decorators);
    c->first_line = first_line;
    if (is(Tok::LPar)) {
        // Bases and keywords read like call arguments.
        auto* args = as<Call>(call(s, nullptr));
        c->bases = std::move(args->args);
        c->keywords = std::move(args->keywords);
    }
    expect_colon();
    const int outer_blocks = std::exchange(static_blocks_, 0); // so is a class body
    block(c->body, cls, "class definition");
    static_blocks_ = outer_blocks;
    c->pos = span(s);
    return c;
}

Stmt* Parser::if_statement(bool elif) {
    Start s = start();
    Token kw = take();
    auto* st = module_->make_stmt<If>();
    st->test = named_expression();
    expect_colon();
    block(st->body, kw, elif ? "'elif' statement" : "'if' statement");
    if (is(Tok::KwElif)) {
        Nesting guard(*this, true);
        st->orelse.push_back(if_statement(true));
    } else if (is(Tok::KwElse)) {
        Token e = take();
        expect_forced(Tok::Colon);
        block(st->orelse, e, "'else' statement");
    }
    st->pos = span(s);
    return st;
}

Stmt* Parser::for_statement(Start s, bool async) {
    Token kw = take();
    Expr* target = star_targets(true);
    expect(Tok::KwIn);
    Expr* iter = star_expressions();
    expect_colon();
    std::vector<Stmt*> body, orelse;
    {
        StaticBlocks loop(*this, 1, s);
        block(body, kw, "'for' statement");
    }
    if (is(Tok::KwElse)) {
        Token e = take();
        expect_forced(Tok::Colon);
        block(orelse, e, "'else' statement");
    }
    if (async) return stmt<SimpleStmt>(s, StmtKind::AsyncFor);
    auto* f = stmt<For>(s);
    f->target = target;
    f->iter = iter;
    f->body = std::move(body);
    f->orelse = std::move(orelse);
    return f;
}

Stmt* Parser::while_statement() {
    Start s = start();
    Token kw = take();
    auto* w = module_->make_stmt<While>();
    w->test = named_expression();
    expect_colon();
    {
        StaticBlocks loop(*this, 1, s);
        block(w->body, kw, "'while' statement");
    }
    if (is(Tok::KwElse)) {
        Token e = take();
        expect_forced(Tok::Colon);
        block(w->orelse, e, "'else' statement");
    }
    w->pos = span(s);
    return w;
}

Stmt* Parser::try_statement() {
    Start s = start();
    Token kw = take();
    expect_forced(Tok::Colon);
    std::vector<Stmt*> ignored;
    {
        StaticBlocks body(*this, 1, s);
        block(ignored, kw, "'try' statement");
    }
    bool handlers = false, finally = false;
    while (is(Tok::KwExcept)) {
        Token ex = take();
        bool star = accept(Tok::Star);
        if (!is(Tok::Colon)) {
            Expr* type = expression();
            if (is(Tok::Comma)) {
                Mark m = mark();
                take();
                Expr* more = expression();
                reset(m);
                error_at(Pos{type->pos.line, type->pos.col, more->pos.end_line, more->pos.end_col},
                         "multiple exception types must be parenthesized");
            }
            if (accept(Tok::KwAs)) expect(Tok::Name);
        }
        expect_colon();
        StaticBlocks handler(*this, 2, Start{ex.line, ex.col});
        block(ignored, ex, star ? "'except*' statement" : "'except' statement");
        handlers = true;
    }
    if (handlers && is(Tok::KwElse)) {
        Token e = take();
        expect_forced(Tok::Colon);
        block(ignored, e, "'else' statement");
    }
    if (is(Tok::KwFinally)) {
        Token f = take();
        expect_forced(Tok::Colon);
        StaticBlocks final_body(*this, 1, s);
        block(ignored, f, "'finally' statement");
        finally = true;
    }
    if (!handlers && !finally) error_here("expected 'except' or 'finally' block");
    return stmt<SimpleStmt>(s, StmtKind::Try);
}

Stmt* Parser::with_statement(Start s, bool async) {
    Token kw = take();
    auto item = [&] {
        expression();
        if (!accept(Tok::KwAs)) return;
        Expr* target = is(Tok::Star) ? star_expression() : primary();
        if (Expr* bad = invalid_target(target, TargetKind::Star))
            error_at(bad->pos, fmt::format("cannot assign to {}", expr_name(bad)));
    };
    int items = 1;
    bool done = false;
    if (is(Tok::LPar)) {
        // `with (a as b, c):` -- else the parenthesis starts an expression.
        Mark m = mark();
        ++speculating_;
        try {
            take();
            item();
            while (accept(Tok::Comma) && !is(Tok::RPar)) {
                item();
                ++items;
            }
            expect(Tok::RPar);
            done = is(Tok::Colon);
        } catch (const CompileError&) {
            if (lex_error_) throw;
        }
        --speculating_;
        if (!done) reset(m);
    }
    if (!done) {
        items = 1;
        item();
        while (accept(Tok::Comma)) {
            item();
            ++items;
        }
    }
    expect_colon();
    std::vector<Stmt*> ignored;
    StaticBlocks with(*this, items, s);
    block(ignored, kw, "'with' statement");
    return stmt<SimpleStmt>(s, async ? StmtKind::AsyncWith : StmtKind::With);
}

Stmt* Parser::async_statement() {
    Start s = start();
    take();
    switch (kind()) {
    case Tok::KwDef: function_def({}, at().line); return stmt<SimpleStmt>(s, StmtKind::AsyncFunctionDef);
    case Tok::KwFor: return for_statement(s, true);
    case Tok::KwWith: return with_statement(s, true);
    default: invalid_syntax();
    }
}

// `match subject:` followed by `case` blocks. `match` is a soft keyword, so
// this returns null (having consumed nothing) when the line is not a match
// statement. Patterns are skipped, not parsed.
Stmt* Parser::match_statement() {
    switch (kind(1)) {
    case Tok::Equal:
    case Tok::Dot:
    case Tok::Newline:
    case Tok::Colon:
    case Tok::Comma:
    case Tok::Semi:
    case Tok::RPar: return nullptr;
    default:
        BinOpKind op;
        if (augassign_op(kind(1), op)) return nullptr;
    }
    Start s = start();
    Mark m = mark();
    Token kw = take();
    bool ok = false;
    ++speculating_;
    try {
        // subject: star_named_expression [',' star_named_expressions]
        star_named_expression();
        while (accept(Tok::Comma) && !is(Tok::Colon)) star_named_expression();
        ok = is(Tok::Colon) && kind(1) == Tok::Newline;
    } catch (const CompileError&) {
        if (lex_error_) throw;
    }
    --speculating_;
    if (!ok) {
        reset(m);
        return nullptr;
    }
    take();
    take();
    if (!is(Tok::Indent))
        error_here(fmt::format("expected an indented block after 'match' statement on line {}", kw.line));
    take();
    std::vector<Stmt*> ignored;
    if (!is_name("case")) invalid_syntax();
    while (is_name("case")) {
        Token c = take();
        int depth = 0;
        while (!(depth == 0 && is(Tok::Colon))) {
            switch (kind()) {
            case Tok::LPar:
            case Tok::LSqb:
            case Tok::LBrace: ++depth; break;
            case Tok::RPar:
            case Tok::RSqb:
            case Tok::RBrace: --depth; break;
            case Tok::Newline:
            case Tok::EndMarker: expected_colon();
            default: break;
            }
            take();
        }
        take();
        block(ignored, c, "'case' statement");
    }
    expect(Tok::Dedent);
    return stmt<SimpleStmt>(s, StmtKind::Match);
}

std::string Parser::dotted_name() {
    if (!is(Tok::Name)) invalid_syntax();
    std::string name(lexer_.text(take()));
    while (is(Tok::Dot)) {
        take();
        if (!is(Tok::Name)) invalid_syntax();
        name += '.';
        name += lexer_.text(take());
    }
    return name;
}

Stmt* Parser::import_statement() {
    Start s = start();
    take();
    auto* imp = module_->make_stmt<Import>();
    do {
        Start a = start();
        Alias alias;
        alias.name = dotted_name();
        if (accept(Tok::KwAs)) {
            if (!is(Tok::Name)) invalid_syntax();
            alias.asname.assign(lexer_.text(take()));
        }
        alias.pos = span(a);
        imp->names.push_back(std::move(alias));
    } while (accept(Tok::Comma));
    imp->pos = span(s);
    return imp;
}

Stmt* Parser::from_import_statement() {
    Start s = start();
    take();
    auto* imp = module_->make_stmt<ImportFrom>();
    for (;;) {
        if (accept(Tok::Dot))
            imp->level += 1;
        else if (accept(Tok::Ellipsis))
            imp->level += 3;
        else
            break;
    }
    if (is(Tok::Name))
        imp->module = dotted_name();
    else if (imp->level == 0)
        invalid_syntax();
    expect(Tok::KwImport);
    if (is(Tok::Star)) {
        Start a = start();
        take();
        Alias alias;
        alias.name = "*";
        alias.pos = span(a);
        imp->names.push_back(std::move(alias));
    } else {
        bool paren = accept(Tok::LPar);
        for (;;) {
            Start a = start();
            if (!is(Tok::Name)) invalid_syntax();
            Alias alias;
            alias.name.assign(lexer_.text(take()));
            if (accept(Tok::KwAs)) {
                if (!is(Tok::Name)) invalid_syntax();
                alias.asname.assign(lexer_.text(take()));
            }
            alias.pos = span(a);
            imp->names.push_back(std::move(alias));
            if (!accept(Tok::Comma)) break;
            if (paren && is(Tok::RPar)) break;
            if (!paren && is(Tok::Newline))
                error_at(at(), "trailing comma not allowed without surrounding parentheses");
        }
        if (paren) expect(Tok::RPar);
    }
    imp->pos = span(s);
    return imp;
}

Stmt* Parser::del_statement() {
    Start s = start();
    take();
    Expr* targets = star_expressions();
    if (Expr* bad = invalid_target(targets, TargetKind::Del))
        error_at(bad->pos, fmt::format("cannot delete {}", expr_name(bad)));
    return stmt<SimpleStmt>(s, StmtKind::Delete);
}

} // namespace ws::detail
