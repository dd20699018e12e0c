// Entry points, token handling, errors and assignment-target rules of the
// parser; the grammar itself is in parser_expr.cpp and parser_stmt.cpp.
#include "syntax/parser.h"

#include "syntax/depth_check.h"
#include "syntax/parser_impl.h"

#include <fmt/format.h>

namespace ws {

namespace detail {

using namespace ws::ast;

namespace {
// Each thread keeps the token buffer of its last parse: a file's buffer is several times its
// size, and allocating it afresh for every file was a visible cost of compiling small modules.
thread_local std::vector<Token> t_spare_tokens;
} // namespace

Parser::Parser(std::shared_ptr<const SourceFile> source) : source_(std::move(source)), lexer_(*source_) {
    tokens_.swap(t_spare_tokens);
    tokens_.clear();
}

Parser::~Parser() {
    tokens_.clear();
    if (tokens_.capacity() > t_spare_tokens.capacity()) t_spare_tokens.swap(tokens_);
}

std::unique_ptr<Module> Parser::parse() {
    auto module = std::make_unique<Module>();
    module->source = source_;
    module_ = module.get();
    // Typical Python has a token per ~4 bytes: sizing up front avoids regrowing the buffer.
    tokens_.reserve(source_->text().size() / 4 + 16);
    // Lexing the whole file in one loop costs less than a call into the lexer per token read.
    try {
        lexer_.tokenize(tokens_);
    } catch (const CompileError& e) {
        lex_pending_ = e;
    }
    lexed_ = tokens_.size();
    size_t definitions = 0;
    while (!is(Tok::EndMarker)) {
        statement(module->body);
        const Stmt* last = module->body.back();
        if (last->kind != StmtKind::FunctionDef && last->kind != StmtKind::ClassDef) continue;
        if (++definitions > limits::kMaxDefinitions)
            throw LimitError(source_->path(), last->pos.line, last->pos.col + 1,
                             fmt::format("more than {} top-level function and class definitions in one file",
                                         limits::kMaxDefinitions));
    }
    if (static_blocks_error_) throw *static_blocks_error_;
    check_syntax_depth(*module);
    return module;
}

void Parser::fetch() {
    if (!lex_error_ && lex_pending_) lex_error_ = lex_pending_;
    if (lex_error_) throw *lex_error_;
    // Past ENDMARKER: the same ENDMARKER again, as the lexer would give (tokenize() lexed all).
    tokens_.push_back(tokens_.back());
    lexed_ = tokens_.size();
}

void Parser::fail(int line, int col1, std::string message, bool lex_rest) {
    if (lex_rest && speculating_ == 0 && !lex_error_ && lex_pending_) {
        const int error_line = read_ == 0 ? line : tokens_[read_ - 1].line;
        // An unclosed bracket wins only when the error is past its line;
        // indentation errors, which CPython raises later, never do.
        if (!lexer_.failed_on_indentation() &&
            (!lexer_.failed_in_brackets() || error_line > lex_pending_->line()))
            throw *lex_pending_;
    }
    throw CompileError(source_->path(), line, col1, std::move(message));
}

void Parser::error_at(const Token& t, std::string message) {
    bool no_column = t.kind == Tok::Indent || t.kind == Tok::Dedent || t.kind == Tok::EndMarker;
    fail(t.line, no_column ? 0 : t.col + 1, std::move(message));
}

void Parser::error_at(const Pos& p, std::string message) {
    fail(p.line, p.col + 1, std::move(message));
}

void Parser::error_here(std::string message, bool lex_rest) {
    const Token& t = at();
    bool eof = lexer_.at_eof(t);
    // INDENT/DEDENT: the tokenizer stands at the line's first token.
    int col = !eof && (t.kind == Tok::Indent || t.kind == Tok::Dedent) ? t.col : t.col + 1;
    fail(t.line, col, std::move(message), lex_rest);
}

void Parser::invalid_syntax() {
    at();
    // CPython blames the furthest token it has read.
    const Token t = tokens_[read_ - 1];
    // CPython does not look further for these two.
    if (t.kind == Tok::Indent) fail(t.line, t.col, "unexpected indent", false);
    if (t.kind == Tok::Dedent)
        fail(t.line, lexer_.at_eof(t) ? t.col + 1 : t.col, "unexpected unindent", false);
    error_at(t, "invalid syntax");
}

void Parser::expect_forced(Tok k) {
    if (!accept(k)) error_at(at(), fmt::format("expected '{}'", spelling(k)));
}

void Parser::too_deep(bool statement) {
    const Token& t = at();
    throw LimitError(source_->path(), t.line, t.col + 1,
                     fmt::format("{} nested too deeply (more than {} levels of expressions and blocks)",
                                 statement ? "statement" : "expression", kMaxNesting));
}

void Parser::expected_colon() {
    if (is(Tok::Newline)) error_here("expected ':'");
    invalid_syntax();
}

// CPython's _PyPegen_get_expr_name: how messages name an expression.
const char* Parser::expr_name(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Attribute: return "attribute";
    case ExprKind::Subscript: return "subscript";
    case ExprKind::Starred: return "starred";
    case ExprKind::Name: return "name";
    case ExprKind::List: return "list";
    case ExprKind::Tuple: return "tuple";
    case ExprKind::Lambda: return "lambda";
    case ExprKind::Call: return "function call";
    case ExprKind::BoolOp:
    case ExprKind::BinOp:
    case ExprKind::UnaryOp: return "expression";
    case ExprKind::GeneratorExp: return "generator expression";
    case ExprKind::Yield:
    case ExprKind::YieldFrom: return "yield expression";
    case ExprKind::Await: return "await expression";
    case ExprKind::ListComp: return "list comprehension";
    case ExprKind::SetComp: return "set comprehension";
    case ExprKind::DictComp: return "dict comprehension";
    case ExprKind::Dict: return "dict literal";
    case ExprKind::Set: return "set display";
    case ExprKind::JoinedStr: return "f-string expression";
    case ExprKind::Compare: return "comparison";
    case ExprKind::IfExp: return "conditional expression";
    case ExprKind::NamedExpr: return "named expression";
    case ExprKind::Slice: return "slice";
    case ExprKind::Constant: {
        const auto* c = as<Constant>(e);
        switch (c->value_kind) {
        case Constant::Kind::None: return "None";
        case Constant::Kind::Bool: return c->bool_value ? "True" : "False";
        case Constant::Kind::Ellipsis: return "ellipsis";
        default: return "literal";
        }
    }
    }
    return "expression";
}

// The first part of `e` that cannot be assigned to (or deleted), or null.
Expr* Parser::invalid_target(Expr* e, TargetKind kind) {
    switch (e->kind) {
    case ExprKind::List:
    case ExprKind::Tuple: {
        auto& elts = e->kind == ExprKind::List ? as<List>(e)->elts : as<Tuple>(e)->elts;
        for (Expr* x : elts)
            if (Expr* bad = invalid_target(x, kind)) return bad;
        return nullptr;
    }
    case ExprKind::Starred:
        if (kind == TargetKind::Del) return e;
        return invalid_target(as<Starred>(e)->value, kind);
    case ExprKind::Compare:
        // `for a in b` read as an expression is a comparison; look left of `in`.
        if (kind == TargetKind::For) {
            auto* c = as<Compare>(e);
            return c->ops[0] == CmpOpKind::In ? invalid_target(c->left, kind) : nullptr;
        }
        return e;
    case ExprKind::Name:
    case ExprKind::Subscript:
    case ExprKind::Attribute: return nullptr;
    default: return e;
    }
}

void Parser::set_store(Expr* e) {
    switch (e->kind) {
    case ExprKind::Name: as<Name>(e)->ctx = ExprContext::Store; break;
    case ExprKind::Attribute: as<Attribute>(e)->ctx = ExprContext::Store; break;
    case ExprKind::Subscript: as<Subscript>(e)->ctx = ExprContext::Store; break;
    case ExprKind::Starred:
        as<Starred>(e)->ctx = ExprContext::Store;
        set_store(as<Starred>(e)->value);
        break;
    case ExprKind::Tuple:
        as<Tuple>(e)->ctx = ExprContext::Store;
        for (Expr* x : as<Tuple>(e)->elts) set_store(x);
        break;
    case ExprKind::List:
        as<List>(e)->ctx = ExprContext::Store;
        for (Expr* x : as<List>(e)->elts) set_store(x);
        break;
    default: break;
    }
}

namespace {

// The leftmost atom of an expression, for CPython's lookahead that spares
// `[a] = ...`-like statements the "Maybe you meant '=='" hint.
const Expr* leftmost(const Expr* e) {
    for (;;) {
        switch (e->kind) {
        case ExprKind::BinOp: e = as<BinOp>(e)->left; break;
        case ExprKind::Call: e = as<Call>(e)->func; break;
        case ExprKind::Attribute: e = as<Attribute>(e)->value; break;
        case ExprKind::Subscript: e = as<Subscript>(e)->value; break;
        default: return e;
        }
    }
}

} // namespace

bool Parser::gets_equal_hint(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Compare:
    case ExprKind::BoolOp:
    case ExprKind::IfExp:
    case ExprKind::Lambda:
    case ExprKind::Starred:
    case ExprKind::Tuple:
    case ExprKind::List:
    case ExprKind::Yield:
    case ExprKind::YieldFrom:
    case ExprKind::NamedExpr: return false;
    case ExprKind::UnaryOp:
        if (as<UnaryOp>(e)->op == UnaryOpKind::Not) return false;
        break;
    default: break;
    }
    const Expr* lead = leftmost(e);
    if (lead->kind == ExprKind::List || lead->kind == ExprKind::Tuple || lead->kind == ExprKind::GeneratorExp)
        return false;
    if (lead->kind != ExprKind::Constant) return true;
    auto k = as<Constant>(lead)->value_kind;
    return k != Constant::Kind::Bool && k != Constant::Kind::None;
}

void Parser::check_assign_targets(const std::vector<Expr*>& targets, bool single_equal) {
    Expr* first = targets[0];
    if (single_equal && invalid_target(first, TargetKind::Star) && gets_equal_hint(first))
        error_at(first->pos, fmt::format("cannot assign to {} here. Maybe you meant '==' instead of '='?",
                                         expr_name(first)));
    for (Expr* t : targets) {
        if (Expr* bad = invalid_target(t, TargetKind::Star))
            error_at(bad->pos, fmt::format("cannot assign to {}", expr_name(bad)));
        set_store(t);
    }
}

} // namespace detail

std::unique_ptr<ast::Module> parse_module(std::shared_ptr<const SourceFile> source) {
    return detail::Parser(std::move(source)).parse();
}

std::unique_ptr<ast::Module> parse_module(std::shared_ptr<const SourceFile> source,
                                          std::vector<Token>& tokens) {
    detail::Parser parser(std::move(source));
    std::unique_ptr<ast::Module> module = parser.parse();
    // The caller's old buffer becomes the parser's, which its destructor keeps as the thread's
    // spare: buffers change hands instead of being allocated per parse.
    parser.swap_tokens(tokens);
    // The parse stopped at the first ENDMARKER; a lookahead may have read further ones.
    while (tokens.size() > 1 && tokens[tokens.size() - 2].kind == Tok::EndMarker) tokens.pop_back();
    return module;
}

std::string source_segment(const SourceFile& source, const Pos& pos) {
    if (pos.line < 1 || pos.end_line > source.line_count() || pos.end_line < pos.line) return {};
    const std::string& text = source.text();
    // Columns on line 1 do not count a byte order mark (as in CPython).
    const size_t bom = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    auto offset = [&](int line, int col) {
        size_t start = static_cast<size_t>(source.line(line).data() - text.data());
        return start + static_cast<size_t>(col) + (line == 1 ? bom : 0);
    };
    size_t begin = offset(pos.line, pos.col);
    size_t end = offset(pos.end_line, pos.end_col);
    if (begin > end || end > text.size()) return {};
    return text.substr(begin, end - begin);
}

} // namespace ws
