// Checks the replacement fields of f-strings. In Python 3.11 an f-string is
// one STRING token whose `{...}` fields are parsed afterwards; warpsynth keeps
// f-strings only as JoinedStr nodes, but must still reject the invalid ones
// CPython rejects, at CPython's positions: scanning errors at the token after
// the string, errors inside a field at the field's line and at the column
// within `(expression)`, which is what CPython 3.11 reports.
#include "syntax/literal.h"
#include "syntax/parser_impl.h"

#include <fmt/format.h>
#include <vector>

namespace ws::detail {

namespace {

struct FStringScanner {
    std::string_view s;
    bool raw;
    std::string error;
    std::vector<std::string_view> expressions;

    bool fail(std::string message) {
        if (error.empty()) error = std::move(message);
        return false;
    }

    // Escapes in a literal part are decoded (and checked) like any string's.
    bool literal(size_t begin, size_t end) {
        if (raw || s.substr(begin, end - begin).find('\\') == std::string_view::npos) return true;
        StringLiteral lit;
        lit.body = s.substr(begin, end - begin);
        std::string out, message;
        return decode_string(lit, out, message) || fail(message);
    }

    // Literal text and fields up to the end (level 0) or up to the `}` that
    // closes a format spec (level > 0), whose index goes to `i`.
    bool text(size_t& i, int level) {
        size_t lit = i;
        while (i < s.size()) {
            char c = s[i];
            if (c == '\\' && !raw) {
                // `\N{...}` is an escape, not a field.
                if (i + 2 < s.size() && s[i + 1] == 'N' && s[i + 2] == '{') {
                    size_t close = s.find('}', i);
                    i = close == std::string_view::npos ? s.size() : close + 1;
                } else {
                    i += 2;
                }
                continue;
            }
            if (c == '{') {
                if (level == 0 && i + 1 < s.size() && s[i + 1] == '{') {
                    i += 2;
                    continue;
                }
                if (!literal(lit, i)) return false;
                ++i;
                if (!field(i, level)) return false;
                lit = i;
                continue;
            }
            if (c == '}') {
                if (level > 0) return literal(lit, i);
                if (i + 1 < s.size() && s[i + 1] == '}') {
                    i += 2;
                    continue;
                }
                return fail("f-string: single '}' is not allowed");
            }
            ++i;
        }
        if (level > 0) return fail("f-string: expecting '}'");
        return literal(lit, i);
    }

    // `expression [=] [!conversion] [:format_spec] }` starting at `i`.
    bool field(size_t& i, int level) {
        if (level >= 2) return fail("f-string: expressions nested too deeply");
        const size_t begin = i;
        std::vector<char> brackets;
        char quote = 0;
        size_t quote_size = 0;
        for (; i < s.size(); ++i) {
            char c = s[i];
            if (c == '\\') return fail("f-string expression part cannot include a backslash");
            if (quote) {
                if (c == quote && (quote_size == 1 || s.substr(i, 3) == std::string(3, quote))) {
                    i += quote_size - 1;
                    quote = 0;
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                quote_size = s.substr(i, 3) == std::string(3, c) ? 3 : 1;
                i += quote_size - 1;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                brackets.push_back(c);
                continue;
            }
            if (c == ')' || c == ']' || c == '}') {
                if (brackets.empty()) {
                    if (c == '}') break;
                    return fail(fmt::format("f-string: unmatched '{}'", c));
                }
                char open = brackets.back();
                brackets.pop_back();
                char want = open == '(' ? ')' : open == '[' ? ']' : '}';
                if (c != want)
                    return fail(fmt::format(
                        "f-string: closing parenthesis '{}' does not match opening parenthesis '{}'", c,
                        open));
                continue;
            }
            if (c == '#') return fail("f-string expression part cannot include '#'");
            if (!brackets.empty()) continue;
            char next = i + 1 < s.size() ? s[i + 1] : '\0';
            if ((c == '!' && next != '=') || c == ':') break;
            if (c == '=' && next != '=' &&
                (i == begin || std::string_view("=!<>").find(s[i - 1]) == std::string_view::npos))
                break;
        }
        if (quote) return fail("f-string: unterminated string");
        if (i >= s.size()) return fail("f-string: expecting '}'");
        std::string_view expression = s.substr(begin, i - begin);
        if (expression.find_first_not_of(" \t\f\r\n") == std::string_view::npos)
            return fail("f-string: empty expression not allowed");
        expressions.push_back(expression);
        if (s[i] == '=') {
            // `{x = }` prints the expression too; spaces may follow the `=`.
            ++i;
            while (i < s.size() &&
                   (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f'))
                ++i;
        }
        if (i < s.size() && s[i] == '!') {
            ++i;
            if (i >= s.size()) return fail("f-string: expecting '}'");
            char conversion = s[i++];
            if (conversion != 's' && conversion != 'r' && conversion != 'a')
                return fail("f-string: invalid conversion character: expected 's', 'r', or 'a'");
        }
        if (i < s.size() && s[i] == ':') {
            ++i;
            if (!text(i, level + 1)) return false;
        }
        if (i >= s.size() || s[i] != '}') return fail("f-string: expecting '}'");
        ++i;
        return true;
    }
};

} // namespace

void Parser::check_fstring(const Token& t) {
    std::string_view token = lexer_.text(t);
    StringLiteral lit = split_string_token(token);
    FStringScanner scan{lit.body, lit.raw, {}, {}};
    size_t i = 0;
    if (!scan.text(i, 0)) error_at(at(), scan.error);
    for (std::string_view e : scan.expressions) {
        int line = t.line;
        for (const char* p = token.data(); p < e.data(); ++p) line += *p == '\n';
        // CPython parses each field as `(expression)`.
        std::string text;
        text.reserve(e.size() + 2);
        text += '(';
        text += e;
        text += ')';
        Parser sub(std::make_shared<SourceFile>(source_->path(), std::move(text)));
        try {
            sub.parse();
        } catch (const CompileError& err) {
            // Lexical errors keep their message; syntax errors get a prefix.
            fail(line + err.line() - 1, err.col(),
                 sub.lex_error_ ? err.message() : "f-string: " + err.message());
        }
    }
}

} // namespace ws::detail
