// Python's tokenizer: the token stream CPython 3.11 feeds its parser, with
// INDENT/DEDENT, NEWLINE only at the end of logical lines, implicit joining
// inside brackets and explicit joining with `\`. Literal values are decoded
// later (literal.h); the lexer only finds their extent and reports the
// lexical errors CPython's tokenizer reports, at the same positions.
#pragma once

#include "syntax/bounded_stack.h"
#include "syntax/source.h"
#include "syntax/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace ws {

class Lexer {
  public:
    explicit Lexer(const SourceFile& source);

    // The next token. After EndMarker, keeps returning EndMarker.
    // Throws CompileError on a lexical error.
    Token next();
    // Appends every token up to and including the first EndMarker to `out`.
    // Throws CompileError on a lexical error, the tokens before it appended.
    void tokenize(std::vector<Token>& out);

    // A token's offsets lie within the text: no substr() bounds check.
    std::string_view text(const Token& t) const { return {text_.data() + t.begin, t.end - t.begin}; }
    const SourceFile& source() const { return source_; }

    // Throws CompileError at a 1-based line and 1-based column.
    [[noreturn]] void fail(int line, int col1, std::string message) const;

    // Whether the last error was reaching the end of the file inside
    // brackets ("'(' was never closed"), which CPython treats specially.
    bool failed_in_brackets() const { return failed_in_brackets_; }
    // Whether the last error was about indentation (dedent or tabs).
    bool failed_on_indentation() const { return failed_on_indentation_; }
    // Whether `t` was produced at the end of the file (ENDMARKER, final DEDENTs).
    bool at_eof(const Token& t) const { return t.begin >= text_.size(); }

  private:
    // 16 bytes: every token's depth is brackets_.size(), a shift at this size.
    struct alignas(16) Bracket {
        char ch;
        int line;
        int col;
    };

    char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
    bool at_end() const { return pos_ >= text_.size(); }
    int col_of(size_t offset) const { return static_cast<int>(offset - line_start_); }
    // Consumes one line terminator (\n, \r\n or \r) at `pos_`.
    void consume_newline();
    // The first offset at or after `p` whose character fails `keep`, or the end. Scanned through
    // locals: stepping pos_ itself stored it at each character and then read text_ again.
    template <class Keep>
    size_t scan(size_t p, Keep keep) const {
        const char* s = text_.data();
        const size_t n = text_.size();
        while (p < n && keep(s[p])) ++p;
        return p;
    }
    bool at_newline() const { return !at_end() && (text_[pos_] == '\n' || text_[pos_] == '\r'); }

    void check_encoding(bool bom);
    Token lex_token();
    Token make(Tok kind, size_t begin, int line, int col) const;
    Token layout_token(Tok kind, int line, int col) const;
    bool read_indentation(); // false when the line is blank
    void measure_indentation(int& col, int& alt);
    bool end_of_file(size_t begin, Token& t);
    void continuation_line(size_t backslash);
    Token lex_name_or_string(size_t begin);
    Token lex_string(size_t begin, size_t quote);
    Token lex_number(size_t begin);
    Token lex_operator(size_t begin);
    Token lex_single(size_t begin);
    Token lex_or_eq(size_t begin);
    Token lex_open(size_t begin);
    Token lex_close(size_t begin);
    [[noreturn]] void bracket_error(char c, int line, int col) const;
    void check_number_end(size_t begin, const char* kind);
    void check_identifier(size_t begin, size_t end);
    [[noreturn]] void fail_at_offset(size_t offset, std::string message) const;

    const SourceFile& source_;
    std::string_view text_;
    size_t pos_ = 0;
    size_t line_start_ = 0;
    int line_ = 1;

    // Bounded by the checks in read_indentation and lex_open.
    static constexpr size_t kMaxIndents = 100, kMaxBrackets = 200;
    BoundedStack<int, kMaxIndents> indents_{0};
    BoundedStack<int, kMaxIndents> alt_indents_{0};
    BoundedStack<Bracket, kMaxBrackets> brackets_;
    // Whether any of the four below needs looking at: one test per token instead of four.
    bool line_state_ = true;
    int pending_dedents_ = 0;
    bool pending_indent_ = false;
    bool at_line_start_ = true;
    bool line_has_tokens_ = false; // a NEWLINE is owed before EOF
    bool done_ = false;
    bool failed_in_brackets_ = false;
    bool failed_on_indentation_ = false;
    // Where the last NEWLINE was: CPython reports EOF-time tokens there.
    int eof_line_ = 1;
    int eof_col_ = 0;
    // Position of the first token of the line, where INDENT/DEDENT sit.
    int indent_line_ = 1;
    int indent_col_ = 0;
};

} // namespace ws
