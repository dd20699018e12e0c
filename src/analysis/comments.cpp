#include "analysis/comments.h"

#include "syntax/lexer.h"

#include <algorithm>

namespace ws::analysis {

namespace {

// Tokens that hold no source text of their own: a comment may sit inside
// their extent (a NEWLINE starts at the comment that ends its line).
bool covers_text(Tok kind) {
    return kind != Tok::Newline && kind != Tok::Indent && kind != Tok::Dedent && kind != Tok::EndMarker;
}

} // namespace

// Whether every '#' of `text` starts a comment and every line ends at a '\n': with no quote,
// there is no string for a '#' to sit in; with no '\r', the lexer's lines are the '\n' count.
bool plain_text(const std::string& text) {
    return text.find_first_of("\"'\r") == std::string::npos;
}

std::vector<int> comment_lines(const SourceFile& source, std::span<const Token> tokens) {
    const std::string& text = source.text();
    // No '#': no comment, and no need to lex (most synthesized kernels).
    if (text.find('#') == std::string::npos) return {};
    std::vector<int> lines;
    int line = 1;
    size_t pos = 0; // text before `pos` is scanned
    // Scans [pos, end) of uncovered text for comments.
    auto scan = [&](size_t end) {
        for (; pos < end; ++pos) {
            if (text[pos] == '\n') {
                ++line;
            } else if (text[pos] == '#') {
                if (lines.empty() || lines.back() != line) lines.push_back(line);
                while (pos + 1 < text.size() && text[pos + 1] != '\n') ++pos;
            }
        }
    };
    if (plain_text(text)) { // the lexer would only confirm that no token covers a '#'
        scan(text.size());
        return lines;
    }
    auto skip = [&](const Token& t) {
        if (!covers_text(t.kind) || t.begin < pos) return;
        scan(t.begin);
        line = t.end_line; // the token may span lines (triple-quoted strings)
        pos = t.end;
    };
    if (!tokens.empty()) {
        for (const Token& t : tokens)
            if (t.kind != Tok::EndMarker) skip(t);
    } else {
        Lexer lexer(source);
        for (Token t = lexer.next(); t.kind != Tok::EndMarker; t = lexer.next()) skip(t);
    }
    scan(text.size());
    return lines;
}

const std::string* docstring(const std::vector<ast::Stmt*>& body) {
    if (body.empty() || body.front()->kind != ast::StmtKind::Expr) return nullptr;
    const ast::Expr* e = ast::as<ast::ExprStmt>(body.front())->value;
    if (!e || e->kind != ast::ExprKind::Constant) return nullptr;
    const auto* c = ast::as<ast::Constant>(e);
    return c->value_kind == ast::Constant::Kind::Str ? &c->str_value : nullptr;
}

std::string first_paragraph(std::string_view docstring) {
    constexpr std::string_view kSpace = " \t\r\f\v";
    std::string out;
    for (size_t start = 0; start <= docstring.size();) {
        size_t end = std::min(docstring.find('\n', start), docstring.size());
        std::string_view line = docstring.substr(start, end - start);
        if (line.find_first_not_of(kSpace) == std::string_view::npos && !out.empty()) break;
        for (size_t w = line.find_first_not_of(kSpace); w != std::string_view::npos;
             w = line.find_first_not_of(kSpace, w)) {
            size_t w_end = std::min(line.find_first_of(kSpace, w), line.size());
            if (!out.empty()) out.push_back(' ');
            out.append(line.substr(w, w_end - w));
            w = w_end;
        }
        start = end + 1;
    }
    return out;
}

} // namespace ws::analysis
