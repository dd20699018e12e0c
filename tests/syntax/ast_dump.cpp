// Prints the tree parse_module builds in the canonical text form that
// ast_diff.py also produces from CPython's `ast`, so the two can be compared
// line for line. Usage: ws_ast_dump FILE... | ws_ast_dump --list FILE_OF_PATHS
#include "syntax/parser.h"
#include "types/pyint.h"

#include <bit>
#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace ws::ast;

class Dumper {
  public:
    std::string out;

    void module(const Module& m) {
        out += "Module\n";
        for (const Stmt* s : m.body) stmt(1, "", s);
    }

  private:
    void line(int depth, std::string_view label, std::string_view text) {
        out.append(static_cast<size_t>(depth) * 2, ' ');
        if (!label.empty()) {
            out += label;
            out += ": ";
        }
        out += text;
        out += '\n';
    }
    static std::string pos(const ws::Pos& p) {
        return fmt::format("{}:{}-{}:{}", p.line, p.col, p.end_line, p.end_col);
    }
    static const char* ctx(ExprContext c) {
        return c == ExprContext::Load ? "Load" : c == ExprContext::Store ? "Store" : "Del";
    }
    static std::string hex(std::string_view s) {
        std::string h;
        for (unsigned char c : s) h += fmt::format("{:02x}", c);
        return h;
    }

    void stmts(int depth, std::string_view label, const std::vector<Stmt*>& list) {
        line(depth, label, fmt::format("[{}]", list.size()));
        for (const Stmt* s : list) stmt(depth + 1, "", s);
    }
    void exprs(int depth, std::string_view label, const std::vector<Expr*>& list) {
        line(depth, label, fmt::format("[{}]", list.size()));
        for (const Expr* e : list) expr(depth + 1, "", e);
    }
    void arg(int depth, std::string_view label, const Arg* a) {
        if (!a) return line(depth, label, "-");
        line(depth, label, fmt::format("arg {} name={}", pos(a->pos), a->name));
        expr(depth + 1, "annotation", a->annotation);
    }
    void args(int depth, std::string_view label, const std::vector<Arg>& list) {
        line(depth, label, fmt::format("[{}]", list.size()));
        for (const Arg& a : list) arg(depth + 1, "", &a);
    }
    void keywords(int depth, const std::vector<Keyword>& list) {
        line(depth, "keywords", fmt::format("[{}]", list.size()));
        for (const Keyword& k : list) {
            line(depth + 1, "", fmt::format("keyword {} arg={}", pos(k.pos), k.arg));
            expr(depth + 2, "value", k.value);
        }
    }
    void aliases(int depth, const std::vector<Alias>& list) {
        line(depth, "names", fmt::format("[{}]", list.size()));
        for (const Alias& a : list)
            line(depth + 1, "", fmt::format("alias {} name={} asname={}", pos(a.pos), a.name, a.asname));
    }

    void stmt(int depth, std::string_view label, const Stmt* s) {
        std::string head = fmt::format("{} {}", name_of(s->kind), pos(s->pos));
        int d = depth + 1;
        switch (s->kind) {
        case StmtKind::FunctionDef: {
            auto* f = as<FunctionDef>(s);
            line(depth, label, fmt::format("{} name={} first_line={}", head, f->name, f->first_line));
            const Arguments& a = f->args;
            args(d, "posonlyargs", a.posonlyargs);
            args(d, "args", a.args);
            arg(d, "vararg", a.vararg);
            args(d, "kwonlyargs", a.kwonlyargs);
            line(d, "kw_defaults", fmt::format("[{}]", a.kw_defaults.size()));
            for (const Expr* e : a.kw_defaults) expr(d + 1, "", e);
            arg(d, "kwarg", a.kwarg);
            exprs(d, "defaults", a.defaults);
            stmts(d, "body", f->body);
            exprs(d, "decorators", f->decorators);
            expr(d, "returns", f->returns);
            return;
        }
        case StmtKind::ClassDef: {
            auto* c = as<ClassDef>(s);
            line(depth, label, fmt::format("{} name={} first_line={}", head, c->name, c->first_line));
            exprs(d, "bases", c->bases);
            keywords(d, c->keywords);
            stmts(d, "body", c->body);
            exprs(d, "decorators", c->decorators);
            return;
        }
        case StmtKind::Return:
            line(depth, label, head);
            expr(d, "value", as<Return>(s)->value);
            return;
        case StmtKind::Assign:
            line(depth, label, head);
            exprs(d, "targets", as<Assign>(s)->targets);
            expr(d, "value", as<Assign>(s)->value);
            return;
        case StmtKind::AugAssign: {
            auto* a = as<AugAssign>(s);
            line(depth, label, fmt::format("{} op={}", head, name_of(a->op)));
            expr(d, "target", a->target);
            expr(d, "value", a->value);
            return;
        }
        case StmtKind::AnnAssign: {
            auto* a = as<AnnAssign>(s);
            line(depth, label, fmt::format("{} simple={}", head, a->simple ? 1 : 0));
            expr(d, "target", a->target);
            expr(d, "annotation", a->annotation);
            expr(d, "value", a->value);
            return;
        }
        case StmtKind::For: {
            auto* f = as<For>(s);
            line(depth, label, head);
            expr(d, "target", f->target);
            expr(d, "iter", f->iter);
            stmts(d, "body", f->body);
            stmts(d, "orelse", f->orelse);
            return;
        }
        case StmtKind::While: {
            auto* w = as<While>(s);
            line(depth, label, head);
            expr(d, "test", w->test);
            stmts(d, "body", w->body);
            stmts(d, "orelse", w->orelse);
            return;
        }
        case StmtKind::If: {
            auto* i = as<If>(s);
            line(depth, label, head);
            expr(d, "test", i->test);
            stmts(d, "body", i->body);
            stmts(d, "orelse", i->orelse);
            return;
        }
        case StmtKind::Expr:
            line(depth, label, head);
            expr(d, "value", as<ExprStmt>(s)->value);
            return;
        case StmtKind::Assert:
            line(depth, label, head);
            expr(d, "test", as<Assert>(s)->test);
            expr(d, "msg", as<Assert>(s)->msg);
            return;
        case StmtKind::Import:
            line(depth, label, head);
            aliases(d, as<Import>(s)->names);
            return;
        case StmtKind::ImportFrom: {
            auto* i = as<ImportFrom>(s);
            line(depth, label, fmt::format("{} module={} level={}", head, i->module, i->level));
            aliases(d, i->names);
            return;
        }
        default: line(depth, label, head); return;
        }
    }

    void expr(int depth, std::string_view label, const Expr* e) {
        if (!e) return line(depth, label, "-");
        std::string head = fmt::format("{} {}", name_of(e->kind), pos(e->pos));
        int d = depth + 1;
        switch (e->kind) {
        case ExprKind::Name: {
            auto* n = as<Name>(e);
            line(depth, label, fmt::format("{} id={} ctx={}", head, n->id, ctx(n->ctx)));
            return;
        }
        case ExprKind::Constant:
            line(depth, label, fmt::format("{} value={}", head, constant(as<Constant>(e))));
            return;
        case ExprKind::Attribute: {
            auto* a = as<Attribute>(e);
            line(depth, label, fmt::format("{} attr={} ctx={}", head, a->attr, ctx(a->ctx)));
            expr(d, "value", a->value);
            return;
        }
        case ExprKind::Subscript: {
            auto* s = as<Subscript>(e);
            line(depth, label, fmt::format("{} ctx={}", head, ctx(s->ctx)));
            expr(d, "value", s->value);
            expr(d, "slice", s->slice);
            return;
        }
        case ExprKind::Slice: {
            auto* s = as<Slice>(e);
            line(depth, label, head);
            expr(d, "lower", s->lower);
            expr(d, "upper", s->upper);
            expr(d, "step", s->step);
            return;
        }
        case ExprKind::Call: {
            auto* c = as<Call>(e);
            line(depth, label, head);
            expr(d, "func", c->func);
            exprs(d, "args", c->args);
            keywords(d, c->keywords);
            return;
        }
        case ExprKind::BinOp: {
            auto* b = as<BinOp>(e);
            line(depth, label, fmt::format("{} op={}", head, name_of(b->op)));
            expr(d, "left", b->left);
            expr(d, "right", b->right);
            return;
        }
        case ExprKind::UnaryOp: {
            auto* u = as<UnaryOp>(e);
            line(depth, label, fmt::format("{} op={}", head, name_of(u->op)));
            expr(d, "operand", u->operand);
            return;
        }
        case ExprKind::BoolOp: {
            auto* b = as<BoolOp>(e);
            line(depth, label, fmt::format("{} op={}", head, name_of(b->op)));
            exprs(d, "values", b->values);
            return;
        }
        case ExprKind::Compare: {
            auto* c = as<Compare>(e);
            std::string ops;
            for (CmpOpKind op : c->ops) ops += fmt::format("{}{}", ops.empty() ? "" : ",", name_of(op));
            line(depth, label, fmt::format("{} ops={}", head, ops));
            expr(d, "left", c->left);
            exprs(d, "comparators", c->comparators);
            return;
        }
        case ExprKind::IfExp: {
            auto* i = as<IfExp>(e);
            line(depth, label, head);
            expr(d, "test", i->test);
            expr(d, "body", i->body);
            expr(d, "orelse", i->orelse);
            return;
        }
        case ExprKind::Tuple: {
            auto* t = as<Tuple>(e);
            line(depth, label, fmt::format("{} ctx={}", head, ctx(t->ctx)));
            exprs(d, "elts", t->elts);
            return;
        }
        case ExprKind::List: {
            auto* l = as<List>(e);
            line(depth, label, fmt::format("{} ctx={}", head, ctx(l->ctx)));
            exprs(d, "elts", l->elts);
            return;
        }
        case ExprKind::Starred: {
            auto* s = as<Starred>(e);
            line(depth, label, fmt::format("{} ctx={}", head, ctx(s->ctx)));
            expr(d, "value", s->value);
            return;
        }
        default: line(depth, label, head); return;
        }
    }

    static std::string constant(const Constant* c) {
        switch (c->value_kind) {
        case Constant::Kind::None: return "None";
        case Constant::Kind::Bool: return c->bool_value ? "True" : "False";
        case Constant::Kind::Int:
            if (!c->int_literal.empty()) return ws::PyInt::parse(c->int_literal)->str();
            return c->int_is_unsigned ? fmt::format("{}", c->uint_value) : fmt::format("{}", c->int_value);
        case Constant::Kind::Float:
            return fmt::format("float:{:016x}", std::bit_cast<uint64_t>(c->float_value));
        case Constant::Kind::Complex:
            return fmt::format("complex:{:016x}", std::bit_cast<uint64_t>(c->float_value));
        case Constant::Kind::Str: return "str:" + hex(c->str_value);
        case Constant::Kind::Bytes: return "bytes:" + hex(c->str_value);
        case Constant::Kind::Ellipsis: return "...";
        }
        return "?";
    }
};

bool dump_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fmt::print(stderr, "ws_ast_dump: cannot read {}\n", path);
        return false;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    auto source = std::make_shared<ws::SourceFile>(path, buf.str());
    fmt::print("== {}\n", path);
    try {
        auto module = ws::parse_module(source);
        Dumper d;
        d.module(*module);
        std::fwrite(d.out.data(), 1, d.out.size(), stdout);
    } catch (const ws::CompileError& e) {
        fmt::print("error: {}:{}: {}\n", e.line(), e.col(), e.message());
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--list" && i + 1 < argc) {
            std::ifstream list(argv[++i]);
            for (std::string p; std::getline(list, p);)
                if (!p.empty()) paths.push_back(p);
        } else {
            paths.push_back(a);
        }
    }
    bool ok = true;
    for (const std::string& p : paths) ok = dump_file(p) && ok;
    return ok ? 0 : 2;
}
