// The recursive-descent parser behind parse_module (internal to ws_syntax).
//
// It follows the shape of CPython 3.11's PEG grammar so trees come out the
// same. Positions follow pegen's rule: a node spans from the first token its
// rule consumed to the last non-whitespace token consumed (NEWLINE, INDENT
// and DEDENT never count), so `(a + b) * c` starts at the parenthesis while
// the inner `a + b` does not.
#pragma once

#include "syntax/ast.h"
#include "syntax/lexer.h"
#include "syntax/limits.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ws::detail {

class Parser {
  public:
    explicit Parser(std::shared_ptr<const SourceFile> source);
    ~Parser();
    Parser(const Parser&) = delete;
    Parser& operator=(const Parser&) = delete;
    std::unique_ptr<ast::Module> parse();
    // After parse(): exchanges the token buffer (every token read) with `other`.
    void swap_tokens(std::vector<Token>& other) { tokens_.swap(other); }

  private:
    // Where a node starts: the first token of its rule.
    struct Start {
        int line;
        int col;
    };
    // A point to return to when trying an alternative (rare: `match`, `with (`).
    struct Mark {
        size_t index;
        int end_line;
        int end_col;
    };

    // ------------------------------------------------------------ tokens
    [[gnu::always_inline]] const Token& at(size_t ahead = 0) {
        const size_t i = index_ + ahead;
        if (i >= read_) [[unlikely]]
            read_up_to(i);
        return tokens_[i];
    }
    // Marks tokens up to `i` read (errors blame the furthest one read), past the lexed ones too.
    void read_up_to(size_t i) {
        if (i >= lexed_) [[unlikely]]
            while (i >= lexed_) fetch();
        read_ = i + 1;
    }
    // Past the lexed tokens: the lexical error that ended them, or ENDMARKER again.
    void fetch();
    [[gnu::always_inline]] Tok kind(size_t ahead = 0) { return at(ahead).kind; }
    [[gnu::always_inline]] bool is(Tok k) { return kind() == k; }
    // The current token, then moves past it. The reference lasts until the next token is read.
    // Inline: every token goes through here.
    [[gnu::always_inline]] const Token& take() {
        if (index_ >= read_) [[unlikely]]
            read_up_to(index_);
        const Token& t = tokens_[index_++];
        // NEWLINE, INDENT, DEDENT and ENDMARKER do not end a node's span.
        constexpr uint32_t kLayout =
            1u << static_cast<int>(Tok::Newline) | 1u << static_cast<int>(Tok::Indent) |
            1u << static_cast<int>(Tok::Dedent) | 1u << static_cast<int>(Tok::EndMarker);
        if (static_cast<int>(t.kind) >= 32 || !(kLayout >> static_cast<int>(t.kind) & 1u)) {
            end_line_ = t.end_line;
            end_col_ = t.end_col;
        }
        return t;
    }
    [[gnu::always_inline]] bool accept(Tok k) {
        if (!is(k)) return false;
        take();
        return true;
    }
    // Inline: most closers and colons are where expected; the error path is out of line.
    [[gnu::always_inline]] void expect(Tok k) {
        if (!accept(k)) [[unlikely]]
            invalid_syntax();
    }
    bool is_name(std::string_view s) { return is(Tok::Name) && lexer_.text(at()) == s; }
    Start start() {
        const Token& t = at();
        return {t.line, t.col};
    }
    // Where a rule starts whose first primary `first` is already parsed (null: not yet).
    Start start(const ast::Expr* first) { return first ? Start{first->pos.line, first->pos.col} : start(); }
    Pos span(Start s) const { return {s.line, s.col, end_line_, end_col_}; }
    Mark mark() const { return {index_, end_line_, end_col_}; }
    void reset(Mark m) {
        index_ = m.index;
        end_line_ = m.end_line;
        end_col_ = m.end_col;
    }
    template <class T, class... A>
    T* expr(Start s, A&&... a) {
        T* e = module_->make_expr<T>(std::forward<A>(a)...);
        e->pos = span(s);
        return e;
    }
    template <class T, class... A>
    T* stmt(Start s, A&&... a) {
        T* st = module_->make_stmt<T>(std::forward<A>(a)...);
        st->pos = span(s);
        return st;
    }

    // ------------------------------------------------------------ errors
    // Every parser error ends here: like CPython, a lexical error later in
    // the file takes precedence, so the rest of the file is lexed first.
    [[noreturn]] void fail(int line, int col1, std::string message, bool lex_rest = true);
    // An error at a node or token (CPython's RAISE_..._KNOWN_LOCATION).
    [[noreturn]] void error_at(const Token& t, std::string message);
    [[noreturn]] void error_at(const Pos& p, std::string message);
    // An error at the furthest token read (CPython's RAISE_SYNTAX_ERROR); for
    // INDENT/DEDENT/ENDMARKER, which have no column, CPython reports where its
    // tokenizer stands.
    [[noreturn]] void error_here(std::string message, bool lex_rest = true);
    // CPython's generic "invalid syntax" at the current token, unless the
    // rest of the file holds a lexical error, which CPython reports instead.
    [[noreturn]] void invalid_syntax();
    [[noreturn]] void expected_colon();
    void expect_colon() {
        if (!accept(Tok::Colon)) expected_colon();
    }
    // CPython's forced tokens (`&&':'`): "expected ':'" wherever it is missing.
    void expect_forced(Tok k);

    // The parser's recursion is bounded, so hostile input such as a thousand
    // unary minuses or `elif`s cannot exhaust the stack (the whole tree's
    // depth is checked after parsing: depth_check.h). CPython itself gives up
    // near 3000 levels; real code stays far below this.
    static constexpr int kMaxNesting = limits::kMaxSyntaxDepth;
    struct Nesting {
        explicit Nesting(Parser& p, bool statement = false) : parser(p) {
            if (++parser.nesting_ > kMaxNesting) {
                --parser.nesting_; // no destructor runs for this guard
                parser.too_deep(statement);
            }
        }
        ~Nesting() { --parser.nesting_; }
        Parser& parser;
    };
    [[noreturn]] void too_deep(bool statement);

    // CPython's compiler refuses more than 20 nested loop, with and try blocks
    // in one function ("too many statically nested blocks", CO_MAXBLOCKS)
    // after parsing the whole file: the first such place is kept and reported
    // at the end of a successful parse. A guard per block, `levels` deep (a
    // `with` counts its items, an `except` clause two). Approximation: a try
    // statement with both `except` and `finally` counts one level less than
    // CPython's in its body, handlers and `else`.
    static constexpr int kMaxStaticBlocks = 20;
    struct StaticBlocks {
        StaticBlocks(Parser& p, int levels, Start at) : parser(p), levels(levels) {
            parser.static_blocks_ += levels;
            if (parser.static_blocks_ > kMaxStaticBlocks && !parser.static_blocks_error_)
                parser.static_blocks_error_.emplace(parser.source_->path(), at.line, at.col + 1,
                                                    "too many statically nested blocks");
        }
        ~StaticBlocks() { parser.static_blocks_ -= levels; }
        Parser& parser;
        int levels;
    };

    // ------------------------------------------------------------ statements
    void statement(std::vector<ast::Stmt*>& out);
    void simple_statements(std::vector<ast::Stmt*>& out);
    ast::Stmt* simple_statement();
    ast::Stmt* expression_statement();
    void block(std::vector<ast::Stmt*>& out, const Token& owner, const char* what);
    ast::Stmt* function_def(std::vector<ast::Expr*> decorators, int first_line);
    ast::Stmt* class_def(std::vector<ast::Expr*> decorators, int first_line);
    ast::Stmt* decorated();
    ast::Stmt* if_statement(bool elif);
    ast::Stmt* for_statement(Start s, bool async);
    ast::Stmt* while_statement();
    ast::Stmt* try_statement();
    ast::Stmt* with_statement(Start s, bool async);
    ast::Stmt* async_statement();
    ast::Stmt* match_statement();
    ast::Stmt* import_statement();
    ast::Stmt* from_import_statement();
    ast::Stmt* del_statement();
    std::string dotted_name();
    void arguments(ast::Arguments& args, bool annotations, Tok closer);
    ast::Arg param(bool annotation, bool star_annotation);

    // ------------------------------------------------------------ expressions
    bool starts_expression();
    ast::Expr* star_expressions();
    ast::Expr* star_expression();
    ast::Expr* star_named_expression();
    ast::Expr* named_expression();
    ast::Expr* expression();
    ast::Expr* lambda();
    // `first`, when not null, is the expression's first primary, already parsed (expression()).
    ast::Expr* disjunction(ast::Expr* first = nullptr);
    ast::Expr* conjunction(ast::Expr* first = nullptr);
    ast::Expr* inversion(ast::Expr* first = nullptr);
    ast::Expr* comparison(ast::Expr* first = nullptr);
    ast::Expr* bitwise_or() { return binary(0); }
    ast::Expr* binary(int level, ast::Expr* first = nullptr);
    ast::Expr* factor(ast::Expr* first = nullptr);
    ast::Expr* power(ast::Expr* first = nullptr);
    ast::Expr* primary();
    ast::Expr* atom();
    ast::Expr* strings();
    // Rejects the f-strings CPython rejects (fields are parsed, not kept).
    void check_fstring(const Token& t);
    ast::Expr* number();
    ast::Expr* paren_atom();
    ast::Expr* list_atom();
    ast::Expr* brace_atom();
    ast::Expr* yield_expr();
    ast::Expr* call(Start s, ast::Expr* func);
    ast::Expr* subscript(Start s, ast::Expr* value);
    ast::Expr* slice_item();
    void comprehension_clauses();
    // `for_in`: the target of `for`/comprehensions, followed by `in`.
    ast::Expr* star_targets(bool for_in);
    void missing_comma_check(size_t first_index, ast::Expr* first);

    // ------------------------------------------------------------ targets
    enum class TargetKind { Star, For, Del };
    static ast::Expr* invalid_target(ast::Expr* e, TargetKind kind);
    static const char* expr_name(const ast::Expr* e);
    void set_store(ast::Expr* e);
    void check_assign_targets(const std::vector<ast::Expr*>& targets, bool single_equal);
    // Whether `e = ...` gets "Maybe you meant '==' instead of '='?": `e` is a
    // bitwise_or-level expression not starting with a display or constant.
    static bool gets_equal_hint(const ast::Expr* e);

    std::shared_ptr<const SourceFile> source_;
    Lexer lexer_;
    // The whole file's tokens, lexed before parsing (up to a lexical error, kept in lex_pending_).
    std::vector<Token> tokens_;
    size_t read_ = 0; // how many tokens the parser has looked at
    // tokens_.size(), kept apart: compared for every new token read, one load less than size().
    size_t lexed_ = 0;
    size_t index_ = 0;
    // End of the last consumed token that is not NEWLINE/INDENT/DEDENT.
    int end_line_ = 1;
    int end_col_ = 0;
    ast::Module* module_ = nullptr;
    std::string scratch_; // reused buffer for string decoding
    // A lexical error is final: later reads rethrow it (the lexer cannot go on).
    std::optional<CompileError> lex_error_;
    // The lexical error that ended the tokens, before the parser reaches it.
    std::optional<CompileError> lex_pending_;
    // While trying an alternative, errors are expected and must stay cheap.
    int speculating_ = 0;
    int nesting_ = 0;
    int static_blocks_ = 0; // in the function (or class, or module) being parsed
    std::optional<CompileError> static_blocks_error_;
};

} // namespace ws::detail
