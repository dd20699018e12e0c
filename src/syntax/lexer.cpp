#include "syntax/lexer.h"

#include "syntax/unicode.h"

#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#include <utility>

// Error columns: CompileError takes the 1-based column CPython reports in
// SyntaxError.offset. For errors at a token, that is col_offset + 1; for most
// tokenizer errors CPython reports the 0-based index of the character where
// it stopped reading, used as is. Each call below says which one it uses.

namespace ws {
namespace {

constexpr int kTabSize = 8;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_hex_digit(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// Identifier characters by table (one load per character instead of a chain of comparisons):
// ASCII letters, '_' and every non-ASCII byte start one (unicode.h checks those); digits continue.
// kIdentOther marks the non-ASCII bytes, which may start or continue one.
enum : uint8_t { kIdentStart = 1, kIdentDigit = 2, kIdentOther = 4 };
constexpr std::array<uint8_t, 256> kIdentClass = [] {
    std::array<uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') t[c] = kIdentStart;
        if (c >= 0x80) t[c] = kIdentOther;
        if (c >= '0' && c <= '9') t[c] = kIdentDigit;
    }
    return t;
}();
// What a token starting with each byte is, for next()'s dispatch; spaces and '#' never get there.
// Open, Close and Single: a character that is a whole token whatever follows (a bracket, ',', ';',
// '~'), made without lex_operator's second dispatch on the character (an indirect jump that
// mispredicts often).
// OrEq: X or X= (`=`, `:`, `+`, ...), likewise made at once.
enum class CharKind : uint8_t {
    Operator,
    Name,
    Digit,
    Dot,
    Quote,
    Newline,
    Backslash,
    End,
    Open,
    Close,
    Single,
    OrEq
};
constexpr std::array<CharKind, 256> kCharKind = [] {
    std::array<CharKind, 256> t{};
    for (int c = 0; c < 256; ++c) {
        if (kIdentClass[c] == kIdentStart || kIdentClass[c] == kIdentOther) t[c] = CharKind::Name;
        if (kIdentClass[c] == kIdentDigit) t[c] = CharKind::Digit;
    }
    t['.'] = CharKind::Dot;
    t['"'] = t['\''] = CharKind::Quote;
    t['\n'] = t['\r'] = CharKind::Newline;
    t['\\'] = CharKind::Backslash;
    t[0] = CharKind::End;
    t['('] = t['['] = t['{'] = CharKind::Open;
    t[')'] = t[']'] = t['}'] = CharKind::Close;
    t[','] = t[';'] = t['~'] = CharKind::Single;
    for (unsigned char c : {'=', ':', '+', '%', '&', '|', '^', '@'}) t[c] = CharKind::OrEq;
    return t;
}();
// The token of each Open, Close and Single character, and of each OrEq one alone.
constexpr std::array<Tok, 256> kSingleTok = [] {
    std::array<Tok, 256> t{};
    t['('] = Tok::LPar;
    t[')'] = Tok::RPar;
    t['['] = Tok::LSqb;
    t[']'] = Tok::RSqb;
    t['{'] = Tok::LBrace;
    t['}'] = Tok::RBrace;
    t[','] = Tok::Comma;
    t[';'] = Tok::Semi;
    t['~'] = Tok::Tilde;
    t['='] = Tok::Equal;
    t[':'] = Tok::Colon;
    t['+'] = Tok::Plus;
    t['%'] = Tok::Percent;
    t['&'] = Tok::Amper;
    t['|'] = Tok::VBar;
    t['^'] = Tok::Circumflex;
    t['@'] = Tok::At;
    return t;
}();
// The token of each OrEq character followed by '='.
constexpr std::array<Tok, 256> kEqTok = [] {
    std::array<Tok, 256> t{};
    t['='] = Tok::EqEqual;
    t[':'] = Tok::ColonEqual;
    t['+'] = Tok::PlusEqual;
    t['%'] = Tok::PercentEqual;
    t['&'] = Tok::AmperEqual;
    t['|'] = Tok::VBarEqual;
    t['^'] = Tok::CircumflexEqual;
    t['@'] = Tok::AtEqual;
    return t;
}();
// The characters a string's scan stops at: quotes, a backslash, line ends and the '\0' after the text.
constexpr std::array<bool, 256> kStringStop = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'\0', '\\', '\n', '\r', '"', '\''}) t[c] = true;
    return t;
}();
bool is_ident_char(char c) {
    return kIdentClass[static_cast<unsigned char>(c)] != 0;
}

// Keywords by a hash of length, first and last letter, collision-free over the 35 of them
// (checked when the table is built): one slot, one length test and two word compares per name,
// no search through a list.
struct KeywordSlot {
    uint32_t head = 0; // the first 4 bytes (2 when shorter than 4), little-endian
    uint32_t tail = 0; // the last 4 bytes (2 when shorter than 4)
    uint8_t size = 0;  // 0: no keyword here
    Tok kind = Tok::Name;
};
static_assert(std::endian::native == std::endian::little, "keyword words are compared as loaded");
constexpr size_t keyword_slot(size_t n, unsigned char first, unsigned char last) {
    return (n + first + 11u * last) & 127u;
}
// Bytes [at, at + width) of `p` as a little-endian word.
constexpr uint32_t word_at(const char* p, size_t at, size_t width) {
    uint32_t w = 0;
    for (size_t i = 0; i < width; ++i) w |= uint32_t{static_cast<unsigned char>(p[at + i])} << (8 * i);
    return w;
}
constexpr std::array<KeywordSlot, 128> kKeywords = [] {
    constexpr std::pair<std::string_view, Tok> words[] = {{"False", Tok::KwFalse},
                                                          {"None", Tok::KwNone},
                                                          {"True", Tok::KwTrue},
                                                          {"and", Tok::KwAnd},
                                                          {"as", Tok::KwAs},
                                                          {"assert", Tok::KwAssert},
                                                          {"async", Tok::KwAsync},
                                                          {"await", Tok::KwAwait},
                                                          {"break", Tok::KwBreak},
                                                          {"class", Tok::KwClass},
                                                          {"continue", Tok::KwContinue},
                                                          {"def", Tok::KwDef},
                                                          {"del", Tok::KwDel},
                                                          {"elif", Tok::KwElif},
                                                          {"else", Tok::KwElse},
                                                          {"except", Tok::KwExcept},
                                                          {"finally", Tok::KwFinally},
                                                          {"for", Tok::KwFor},
                                                          {"from", Tok::KwFrom},
                                                          {"global", Tok::KwGlobal},
                                                          {"if", Tok::KwIf},
                                                          {"import", Tok::KwImport},
                                                          {"in", Tok::KwIn},
                                                          {"is", Tok::KwIs},
                                                          {"lambda", Tok::KwLambda},
                                                          {"nonlocal", Tok::KwNonlocal},
                                                          {"not", Tok::KwNot},
                                                          {"or", Tok::KwOr},
                                                          {"pass", Tok::KwPass},
                                                          {"raise", Tok::KwRaise},
                                                          {"return", Tok::KwReturn},
                                                          {"try", Tok::KwTry},
                                                          {"while", Tok::KwWhile},
                                                          {"with", Tok::KwWith},
                                                          {"yield", Tok::KwYield}};
    std::array<KeywordSlot, 128> t{};
    for (const auto& [w, kind] : words) {
        const size_t n = w.size(), width = n >= 4 ? 4 : 2;
        KeywordSlot& k =
            t[keyword_slot(n, static_cast<unsigned char>(w[0]), static_cast<unsigned char>(w[n - 1]))];
        if (k.size != 0) throw "keyword hash collision";
        k = {word_at(w.data(), 0, width), word_at(w.data(), n - width, width), static_cast<uint8_t>(n), kind};
    }
    return t;
}();

// The keyword spelled by the `n` (at least 1) bytes at `p`, or Name. No test of the length first
// (it mispredicted): keywords have 2 to 8 letters, so another length fails the size test below
// before any word is read.
inline Tok keyword_kind(const char* p, size_t n) {
    const KeywordSlot& k =
        kKeywords[keyword_slot(n, static_cast<unsigned char>(p[0]), static_cast<unsigned char>(p[n - 1]))];
    if (k.size != n) return Tok::Name;
    uint32_t head, tail;
    if (n >= 4) {
        std::memcpy(&head, p, 4);
        std::memcpy(&tail, p + n - 4, 4);
    } else {
        uint16_t h, t;
        std::memcpy(&h, p, 2);
        std::memcpy(&t, p + n - 2, 2);
        head = h;
        tail = t;
    }
    return head == k.head && tail == k.tail ? k.kind : Tok::Name;
}

// The encoding named by a PEP 263 comment (`# -*- coding: latin-1 -*-`) on
// `line`, or empty.
std::string_view coding_cookie(std::string_view line) {
    size_t i = line.find_first_not_of(" \t\f");
    if (i == std::string_view::npos || line[i] != '#') return {};
    for (size_t k = line.find("coding", i); k != std::string_view::npos; k = line.find("coding", k + 1)) {
        size_t j = k + 6;
        if (j >= line.size() || (line[j] != ':' && line[j] != '=')) continue;
        ++j;
        while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
        size_t end = j;
        while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                                     line[end] == '-' || line[end] == '_' || line[end] == '.'))
            ++end;
        if (end > j) return line.substr(j, end - j);
    }
    return {};
}

bool blank_or_comment(std::string_view line) {
    size_t i = line.find_first_not_of(" \t\f");
    return i == std::string_view::npos || line[i] == '#';
}

} // namespace

// Only UTF-8 is decoded. A declared encoding is accepted when it cannot
// change the text: UTF-8 itself, or any encoding for an all-ASCII file.
void Lexer::check_encoding(bool bom) {
    int line = 1;
    std::string_view first = source_.line(1).substr(bom ? 3 : 0);
    std::string_view cookie = coding_cookie(first);
    if (cookie.empty() && blank_or_comment(first)) {
        line = 2;
        cookie = coding_cookie(source_.line(2));
    }
    if (cookie.empty()) return;
    std::string name;
    for (char c : cookie.substr(0, 12)) name += c == '_' ? '-' : static_cast<char>(std::tolower(c));
    bool utf8 = name == "utf-8" || name.starts_with("utf-8-");
    // With a BOM, CPython wants exactly "utf-8"; without, any alias of it.
    if (bom && !utf8) fail(line, 1, fmt::format("encoding problem: {} with BOM", cookie));
    if (utf8 || name == "utf8" || name == "u8" || name == "utf" || name == "cp65001") return;
    for (char c : text_)
        if (static_cast<unsigned char>(c) >= 0x80)
            fail(line, 1, fmt::format("source encoding '{}' is not supported (only UTF-8 is)", cookie));
}

Lexer::Lexer(const SourceFile& source) : source_(source), text_(source.text()) {
    // CPython skips a UTF-8 byte order mark; columns on line 1 start after it.
    bool bom = text_.size() >= 3 && text_.substr(0, 3) == "\xEF\xBB\xBF";
    if (bom) pos_ = line_start_ = 3;
    check_encoding(bom);
    size_t nul = text_.find('\0');
    if (nul != std::string_view::npos) fail_at_offset(nul, "source code string cannot contain null bytes");
    size_t bad = 0;
    if (!unicode::valid_utf8(text_, bad))
        fail_at_offset(bad, fmt::format("(unicode error) 'utf-8' codec can't decode byte 0x{:02x}",
                                        static_cast<unsigned char>(text_[bad])));
}

void Lexer::fail(int line, int col1, std::string message) const {
    throw CompileError(source_.path(), line, col1, std::move(message));
}

// For checks made before lexing starts: locate `offset` by scanning.
void Lexer::fail_at_offset(size_t offset, std::string message) const {
    int line = 1;
    size_t start = 0;
    for (size_t i = 0; i < offset; ++i) {
        if (text_[i] == '\n' || (text_[i] == '\r' && (i + 1 >= text_.size() || text_[i + 1] != '\n'))) {
            ++line;
            start = i + 1;
        }
    }
    fail(line, static_cast<int>(offset - start) + 1, std::move(message));
}

void Lexer::consume_newline() {
    eof_line_ = line_;
    eof_col_ = col_of(pos_);
    if (text_[pos_] == '\r' && peek(1) == '\n') ++pos_;
    ++pos_;
    ++line_;
    line_start_ = pos_;
}

Token Lexer::make(Tok kind, size_t begin, int line, int col) const {
    // Every field named: the token is not zeroed first and then overwritten.
    return Token{.kind = kind,
                 .depth = static_cast<uint8_t>(brackets_.size()),
                 .begin = static_cast<uint32_t>(begin),
                 .end = static_cast<uint32_t>(pos_),
                 .line = line,
                 .col = col,
                 .end_line = line_,
                 .end_col = col_of(pos_)};
}

// INDENT, DEDENT and ENDMARKER: empty, at (line, col) (make() would end them at pos_).
Token Lexer::layout_token(Tok kind, int line, int col) const {
    Token t = make(kind, pos_, line, col);
    t.end_line = line;
    t.end_col = col;
    return t;
}

// `\` at `backslash` must end the physical line; the logical line goes on.
void Lexer::continuation_line(size_t backslash) {
    const int line = line_;
    const int col = col_of(backslash);
    pos_ = backslash + 1;
    if (at_end()) fail(line, col + 2, "unexpected EOF while parsing");
    if (!at_newline()) fail(line, col + 2, "unexpected character after line continuation character");
    consume_newline();
    // CPython reports the column just past the newline (the one it appends
    // to a file that lacks it).
    if (at_end()) fail(line, col + 2, "unexpected EOF while parsing");
}

// Measures the indentation at pos_ of a new physical line, moving past it: its width, and the
// width counting a tab as one column (`alt`, to detect ambiguous mixes).
void Lexer::measure_indentation(int& col, int& alt) {
    col = alt = 0;
    int cont_col = -1, cont_alt = -1;
    for (;;) {
        char c = peek();
        if (at_end()) break;
        if (c == ' ') { // usually a run of them
            int run = static_cast<int>(scan(pos_, [](char s) { return s == ' '; }) - pos_);
            col += run;
            alt += run;
            pos_ += static_cast<size_t>(run);
            continue;
        } else if (c == '\t') {
            col = (col / kTabSize + 1) * kTabSize;
            ++alt;
        } else if (c == '\f') {
            col = alt = 0;
        } else if (c == '\\') {
            // A backslash inside the indentation: the first one fixes the level.
            if (cont_col < 0) {
                cont_col = col;
                cont_alt = alt;
            }
            continuation_line(pos_);
            continue;
        } else {
            break;
        }
        ++pos_;
    }
    if (cont_col >= 0) {
        col = cont_col;
        alt = cont_alt;
    }
}

// Measures the indentation of a new physical line and queues INDENT/DEDENT
// tokens. Returns false when the line holds no token (blank or comment).
bool Lexer::read_indentation() {
    // Most indentation is spaces alone, measured here; the '\0' after the text ends the scan.
    const char* s = text_.data();
    size_t p = pos_;
    while (s[p] == ' ') ++p;
    int col = static_cast<int>(p - pos_), alt = col;
    if (s[p] == '\t' || s[p] == '\f' || s[p] == '\\')
        measure_indentation(col, alt);
    else
        pos_ = p;
    // The text holds no '\0': one is its end.
    const char c = s[pos_];
    if (c == '\0' || c == '#' || c == '\n' || c == '\r') return false;
    if (!brackets_.empty()) return true;
    indent_line_ = line_;
    indent_col_ = col_of(pos_);
    auto tab_error = [&] {
        failed_on_indentation_ = true;
        fail(line_, 1, "inconsistent use of tabs and spaces in indentation");
    };
    if (col == indents_.back()) {
        if (alt != alt_indents_.back()) tab_error();
    } else if (col > indents_.back()) {
        if (indents_.size() >= kMaxIndents) fail(line_, indent_col_ + 1, "too many levels of indentation");
        if (alt <= alt_indents_.back()) tab_error();
        indents_.push_back(col);
        alt_indents_.push_back(alt);
        pending_indent_ = true;
    } else {
        while (indents_.size() > 1 && col < indents_.back()) {
            indents_.pop_back();
            alt_indents_.pop_back();
            ++pending_dedents_;
        }
        if (col != indents_.back()) {
            failed_on_indentation_ = true;
            size_t end = pos_;
            while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
            fail(line_, col_of(end) + 1, "unindent does not match any outer indentation level");
        }
        if (alt != alt_indents_.back()) tab_error();
    }
    return true;
}

Token Lexer::next() {
    return lex_token();
}

// Inlined into next() and into tokenize()'s loop: a call per token less when lexing a whole file.
[[gnu::always_inline]] inline Token Lexer::lex_token() {
    for (;;) {
        if (line_state_) {
            if (pending_indent_) {
                pending_indent_ = false;
                return layout_token(Tok::Indent, indent_line_, indent_col_);
            }
            if (pending_dedents_ > 0) {
                --pending_dedents_;
                return layout_token(Tok::Dedent, indent_line_, indent_col_);
            }
            if (done_) return layout_token(Tok::EndMarker, eof_line_, eof_col_);
            if (at_line_start_) {
                at_line_start_ = false;
                read_indentation();
                if (pending_indent_ || pending_dedents_ > 0) continue;
            }
            line_state_ = false;
        }
        // The text is a std::string's: the '\0' past its end stops the scans that do not check
        // the bound (the constructor rejects a NUL inside the text).
        const char* s = text_.data();
        size_t p = pos_;
        while (s[p] == ' ' || s[p] == '\t' || s[p] == '\f') ++p;
        const size_t begin = p;
        if (s[p] == '#') p = scan(p, [](char c) { return c != '\n' && c != '\r'; });
        pos_ = p;
        switch (kCharKind[static_cast<unsigned char>(s[p])]) {
        case CharKind::Name: line_has_tokens_ = true; return lex_name_or_string(begin);
        case CharKind::Operator: line_has_tokens_ = true; return lex_operator(begin);
        case CharKind::Open: line_has_tokens_ = true; return lex_open(begin);
        case CharKind::Close: line_has_tokens_ = true; return lex_close(begin);
        case CharKind::Single: line_has_tokens_ = true; return lex_single(begin);
        case CharKind::OrEq: line_has_tokens_ = true; return lex_or_eq(begin);
        case CharKind::Digit: line_has_tokens_ = true; return lex_number(begin);
        case CharKind::Dot:
            line_has_tokens_ = true;
            if (is_digit(s[p + 1])) return lex_number(begin);
            // `...` or `.`; s[p + 2] is read only when s[p + 1] is in the text.
            pos_ = s[p + 1] == '.' && s[p + 2] == '.' ? p + 3 : p + 1;
            return make(pos_ == p + 3 ? Tok::Ellipsis : Tok::Dot, begin, line_, col_of(begin));
        case CharKind::Quote: line_has_tokens_ = true; return lex_string(begin, begin);
        case CharKind::Backslash: continuation_line(p); continue;
        case CharKind::Newline: {
            const int line = line_;
            const int col = col_of(begin);
            consume_newline();
            at_line_start_ = true;
            line_state_ = true;
            if (!brackets_.empty() || !line_has_tokens_) continue;
            line_has_tokens_ = false;
            return Token{.kind = Tok::Newline,
                         .depth = 0,
                         .begin = static_cast<uint32_t>(begin),
                         .end = static_cast<uint32_t>(pos_),
                         .line = line,
                         .col = col,
                         .end_line = line,
                         .end_col = col + 1};
        }
        case CharKind::End: {
            Token t;
            if (end_of_file(begin, t)) return t;
            continue;
        }
        default: __builtin_unreachable(); // kCharKind holds only the kinds above: no range test per token
        }
    }
}

// At the end of the text: the missing final NEWLINE, or the first closing DEDENT (false when
// there is none: ENDMARKER follows).
bool Lexer::end_of_file(size_t begin, Token& t) {
    if (pos_ > line_start_) {
        // CPython reports EOF at the end of the last line it read.
        eof_line_ = line_;
        eof_col_ = col_of(pos_);
    }
    if (!brackets_.empty()) {
        const Bracket& b = brackets_.back();
        failed_in_brackets_ = true;
        fail(b.line, b.col + 1, fmt::format("'{}' was never closed", b.ch));
    }
    if (line_has_tokens_) {
        // CPython appends the missing final newline.
        line_has_tokens_ = false;
        eof_line_ = line_;
        eof_col_ = col_of(pos_);
        t = make(Tok::Newline, begin, line_, col_of(begin));
        return true;
    }
    // Close every open block, then end.
    pending_dedents_ = static_cast<int>(indents_.size()) - 1;
    indents_.resize(1);
    alt_indents_.resize(1);
    indent_line_ = eof_line_;
    indent_col_ = eof_col_;
    done_ = true;
    line_state_ = true;
    if (pending_dedents_ == 0) return false;
    pending_dedents_--;
    t = layout_token(Tok::Dedent, eof_line_, eof_col_);
    return true;
}

void Lexer::tokenize(std::vector<Token>& out) {
    // Each token is built in the buffer itself (placement new from the returned prvalue is a
    // guaranteed elision), not on the stack and then copied.
    Token* t;
    do {
        t = &out.emplace_back();
        try {
            ::new (t) Token(lex_token());
        } catch (...) {
            out.pop_back(); // the tokens before the error stay
            throw;
        }
    } while (t->kind != Tok::EndMarker);
}

[[gnu::always_inline]] inline Token Lexer::lex_name_or_string(size_t begin) {
    // The '\0' after the text ends the scans.
    const char* s = text_.data();
    size_t p = begin;
    while (kIdentClass[static_cast<unsigned char>(s[p])] & (kIdentStart | kIdentDigit)) ++p;
    // A non-ASCII character: scanned on, then checked (unicode.h).
    bool ascii = !(kIdentClass[static_cast<unsigned char>(s[p])] & kIdentOther);
    if (!ascii)
        while (is_ident_char(s[p])) ++p;
    pos_ = p;
    // A quote right after one or two letters may make them a string prefix: any case of
    // b, r, u, f and the pairs br, rb, fr, rf. Checked after the scan: most names are not one.
    if (p - begin <= 2 && (s[p] == '"' || s[p] == '\'')) {
        auto lower = [&](size_t i) { return static_cast<char>(text_[i] | 0x20); };
        char a = lower(begin);
        bool prefix = a == 'b' || a == 'r' || a == 'u' || a == 'f';
        if (pos_ - begin == 2) {
            char b = lower(begin + 1);
            prefix = (a == 'b' && b == 'r') || (a == 'r' && (b == 'b' || b == 'f')) || (a == 'f' && b == 'r');
        }
        if (prefix) return lex_string(begin, pos_);
    }
    if (!ascii) check_identifier(begin, p);
    return make(keyword_kind(s + begin, p - begin), begin, line_, col_of(begin));
}

// Non-ASCII identifiers must be XID_Start XID_Continue*, as in CPython.
void Lexer::check_identifier(size_t begin, size_t end) {
    size_t i = begin;
    bool first = true;
    while (i < end) {
        int len = 1;
        uint32_t cp = unicode::decode(text_, i, len);
        bool ok = first ? (cp == '_' || unicode::is_xid_start(cp)) : unicode::is_xid_continue(cp);
        if (!ok) {
            std::string ch = std::string(text_.substr(i, static_cast<size_t>(len)));
            if (unicode::is_printable(cp))
                fail(line_, col_of(i) + 1, fmt::format("invalid character '{}' (U+{:04X})", ch, cp));
            fail(line_, col_of(i) + 1, fmt::format("invalid non-printable character U+{:04X}", cp));
        }
        if (unicode::changes_under_nfkc(cp))
            fail(line_, col_of(i) + 1,
                 fmt::format("identifier '{}' needs NFKC normalization, which is not supported",
                             text_.substr(begin, end - begin)));
        first = false;
        i += static_cast<size_t>(len);
    }
}

Token Lexer::lex_string(size_t begin, size_t quote) {
    const int line = line_;
    const int col = col_of(begin);
    const char q = text_[quote];
    size_t quote_size = 1;
    pos_ = quote + 1;
    if (peek() == q && peek(1) == q) {
        quote_size = 3;
        pos_ += 2;
    }
    auto unterminated = [&] {
        // CPython counts the line it was reading when it gave up.
        int detected = line_;
        if (at_end() && (text_[pos_ - 1] == '\n' || text_[pos_ - 1] == '\r') && line_ > line)
            detected = line_ - 1;
        if (quote_size == 3)
            fail(line, col + 1,
                 fmt::format("unterminated triple-quoted string literal (detected at line {})", detected));
        fail(line, col + 1, fmt::format("unterminated string literal (detected at line {})", detected));
    };
    for (;;) {
        // Characters that end or escape nothing skipped through a local (pos_ stored once); the
        // '\0' after the text stops the scan.
        const char* s = text_.data();
        size_t p = pos_;
        while (!kStringStop[static_cast<unsigned char>(s[p])]) ++p;
        pos_ = p;
        if (at_end()) unterminated();
        char c = text_[pos_];
        if (c == q) {
            if (quote_size == 1) {
                ++pos_;
                break;
            }
            if (peek(1) == q && peek(2) == q) {
                pos_ += 3;
                break;
            }
            ++pos_;
        } else if (c == '\\') {
            ++pos_;
            if (at_end()) unterminated();
            if (at_newline())
                consume_newline();
            else
                ++pos_;
        } else if (c == '\n' || c == '\r') {
            if (quote_size == 1) unterminated();
            consume_newline();
        } else {
            ++pos_;
        }
    }
    return make(Tok::String, begin, line, col);
}

// Whatever follows a number must not continue it: `1abc` is an error, but
// `1if x else y` is accepted, as CPython does for the keywords that may
// legally follow a number.
void Lexer::check_number_end(size_t p, const char* kind) {
    auto rest_is = [&](const char* word) { return text_.substr(p + 1, std::strlen(word)) == word; };
    char c = p < text_.size() ? text_[p] : '\0';
    bool keyword = false;
    switch (c) {
    case 'a': keyword = rest_is("nd"); break;
    case 'e': keyword = rest_is("lse"); break;
    case 'f': keyword = rest_is("or"); break;
    case 'i': keyword = rest_is("f") || rest_is("n") || rest_is("s"); break;
    case 'o': keyword = rest_is("r"); break;
    case 'n': keyword = rest_is("ot"); break;
    default: break;
    }
    if (!keyword && is_ident_char(c)) fail(line_, col_of(p), fmt::format("invalid {} literal", kind));
}

Token Lexer::lex_number(size_t begin) {
    const int line = line_;
    const int col = col_of(begin);
    // Most numbers are plain digits, maybe with a fraction, followed by a character that cannot
    // continue them (`1`, `256`, `0.5`): made here. A prefix, exponent, underscore, suffix, leading
    // zero or letter after takes the full scan below. The '\0' after the text ends the scans.
    {
        const char* s = text_.data();
        size_t p = begin;
        while (is_digit(s[p])) ++p;
        if (p - begin == 1 || (p > begin && s[begin] != '0')) {
            if (s[p] == '.')
                for (++p; is_digit(s[p]);) ++p;
            if (!is_ident_char(s[p]) && s[p] != '.') {
                pos_ = p;
                return make(Tok::Number, begin, line, col);
            }
        }
    }
    auto at = [&](size_t i) -> char { return i < text_.size() ? text_[i] : '\0'; };
    // Digits with single underscores between them.
    auto decimal_tail = [&](size_t p) {
        for (;;) {
            while (is_digit(at(p))) ++p;
            if (at(p) != '_') return p;
            ++p;
            if (!is_digit(at(p))) fail(line_, col_of(p), "invalid decimal literal");
        }
    };
    auto finish = [&](size_t p) {
        pos_ = p;
        return make(Tok::Number, begin, line, col);
    };
    // The digits of a 0x/0o/0b literal.
    auto radix_digits = [&](size_t p, auto is_radix_digit, const char* name) {
        do {
            if (at(p) == '_') ++p;
            if (!is_radix_digit(at(p))) {
                if (is_digit(at(p)))
                    fail(line_, col_of(p) + 1, fmt::format("invalid digit '{}' in {} literal", at(p), name));
                fail(line_, col_of(p), fmt::format("invalid {} literal", name));
            }
            while (is_radix_digit(at(p))) ++p;
        } while (at(p) == '_');
        if (is_digit(at(p)))
            fail(line_, col_of(p) + 1, fmt::format("invalid digit '{}' in {} literal", at(p), name));
        check_number_end(p, name);
        return finish(p);
    };

    size_t p = begin;
    bool fraction = false;
    if (at(p) == '.') {
        p += 1;
        fraction = true;
    } else if (at(p) == '0') {
        char x = static_cast<char>(at(p + 1) | 0x20);
        if (x == 'x') {
            // Hex digits keep the hexadecimal message even for a non-hex digit.
            size_t q = p + 2;
            do {
                if (at(q) == '_') ++q;
                if (!is_hex_digit(at(q))) fail(line_, col_of(q), "invalid hexadecimal literal");
                while (is_hex_digit(at(q))) ++q;
            } while (at(q) == '_');
            check_number_end(q, "hexadecimal");
            return finish(q);
        }
        if (x == 'o')
            return radix_digits(
                p + 2, [](char c) { return c >= '0' && c <= '7'; }, "octal");
        if (x == 'b')
            return radix_digits(
                p + 2, [](char c) { return c == '0' || c == '1'; }, "binary");
        // Zeros, possibly `00` or `0_0`; other digits only before `.`, `e` or `j`.
        ++p;
        for (;;) {
            if (at(p) == '_') {
                ++p;
                if (!is_digit(at(p))) fail(line_, col_of(p), "invalid decimal literal");
            }
            if (at(p) != '0') break;
            ++p;
        }
        bool nonzero = is_digit(at(p));
        if (nonzero) p = decimal_tail(p);
        char c = at(p);
        if (c == '.') {
            ++p;
            fraction = true;
        } else if (c != 'e' && c != 'E' && c != 'j' && c != 'J') {
            if (nonzero)
                fail(
                    line, col + 1,
                    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal "
                    "integers");
            check_number_end(p, "decimal");
            return finish(p);
        }
    } else {
        p = decimal_tail(p);
        if (at(p) == '.') {
            ++p;
            fraction = true;
        }
    }
    if (fraction && is_digit(at(p))) p = decimal_tail(p);
    if (at(p) == 'e' || at(p) == 'E') {
        size_t e = p++;
        if (at(p) == '+' || at(p) == '-') {
            ++p;
            if (!is_digit(at(p))) fail(line_, col_of(p), "invalid decimal literal");
        } else if (!is_digit(at(p))) {
            // `1else`: the number ends before the `e`.
            check_number_end(e, "decimal");
            return finish(e);
        }
        p = decimal_tail(p);
    }
    if (at(p) == 'j' || at(p) == 'J') {
        ++p;
        check_number_end(p, "imaginary");
    } else {
        check_number_end(p, "decimal");
    }
    return finish(p);
}

[[gnu::always_inline]] inline Token Lexer::lex_operator(size_t begin) {
    const int line = line_;
    const int col = col_of(begin);
    // The '\0' after the text ends it: c2 is read only when c1 is in the text.
    const char* s = text_.data() + pos_;
    const char c = s[0];
    const char c1 = s[1];
    const char c2 = c1 ? s[2] : '\0';
    Tok kind = Tok::Error;
    size_t len = 1;
    // `X=` when followed by '=', else `X`.
    auto with_eq = [&](Tok plain, Tok eq) {
        if (c1 == '=') {
            len = 2;
            return eq;
        }
        return plain;
    };
    switch (c) {
    case '!':
        if (c1 == '=') {
            kind = Tok::NotEqual;
            len = 2;
        }
        break;
    case '-':
        if (c1 == '>') {
            kind = Tok::RArrow;
            len = 2;
        } else {
            kind = with_eq(Tok::Minus, Tok::MinEqual);
        }
        break;
    case '*':
        if (c1 == '*') {
            len = 2;
            kind = Tok::DoubleStar;
            if (c2 == '=') {
                len = 3;
                kind = Tok::DoubleStarEqual;
            }
        } else {
            kind = with_eq(Tok::Star, Tok::StarEqual);
        }
        break;
    case '/':
        if (c1 == '/') {
            len = 2;
            kind = Tok::DoubleSlash;
            if (c2 == '=') {
                len = 3;
                kind = Tok::DoubleSlashEqual;
            }
        } else {
            kind = with_eq(Tok::Slash, Tok::SlashEqual);
        }
        break;
    case '<':
        if (c1 == '<') {
            len = 2;
            kind = Tok::LeftShift;
            if (c2 == '=') {
                len = 3;
                kind = Tok::LeftShiftEqual;
            }
        } else if (c1 == '>') {
            len = 2; // `<>` only exists under `from __future__ import barry_as_FLUFL`
        } else {
            kind = with_eq(Tok::Less, Tok::LessEqual);
        }
        break;
    case '>':
        if (c1 == '>') {
            len = 2;
            kind = Tok::RightShift;
            if (c2 == '=') {
                len = 3;
                kind = Tok::RightShiftEqual;
            }
        } else {
            kind = with_eq(Tok::Greater, Tok::GreaterEqual);
        }
        break;
    default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) bracket_error(c, line, col);
        break; // `$`, `?`, a backtick: an error token
    }
    pos_ += len;
    return make(kind, begin, line, col);
}

// X or X=: `=`, `==`, `:`, `:=`, `+`, `+=`, ...
[[gnu::always_inline]] inline Token Lexer::lex_or_eq(size_t begin) {
    const unsigned char c = static_cast<unsigned char>(text_[pos_]);
    const bool eq = text_.data()[pos_ + 1] == '='; // the '\0' after the text ends it
    pos_ += eq ? 2 : 1;
    return make(eq ? kEqTok[c] : kSingleTok[c], begin, line_, col_of(begin));
}

// ',', ';' or '~'.
[[gnu::always_inline]] inline Token Lexer::lex_single(size_t begin) {
    const Tok kind = kSingleTok[static_cast<unsigned char>(text_[pos_])];
    ++pos_;
    return make(kind, begin, line_, col_of(begin));
}

[[gnu::always_inline]] inline Token Lexer::lex_open(size_t begin) {
    const int col = col_of(begin);
    const char c = text_[pos_];
    if (brackets_.size() >= kMaxBrackets) bracket_error(c, line_, col);
    brackets_.push_back({c, line_, col});
    ++pos_;
    return make(kSingleTok[static_cast<unsigned char>(c)], begin, line_, col);
}

// A closing bracket must match the innermost open one.
[[gnu::always_inline]] inline Token Lexer::lex_close(size_t begin) {
    const int col = col_of(begin);
    const char c = text_[pos_];
    // `(` + 1 is `)`; `[` + 2 is `]` and `{` + 2 is `}`.
    if (brackets_.empty() || brackets_.back().ch + (c == ')' ? 1 : 2) != c) bracket_error(c, line_, col);
    brackets_.pop_back();
    ++pos_;
    return make(kSingleTok[static_cast<unsigned char>(c)], begin, line_, col);
}

// The errors of lex_operator, lex_open and lex_close, out of their way: a non-printable character, too deep
// an opening bracket, a closing one that matches none.
void Lexer::bracket_error(char c, int line, int col) const {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
        fail(line, col + 1,
             fmt::format("invalid non-printable character U+{:04X}", static_cast<unsigned>(c)));
    if (c == '(' || c == '[' || c == '{') fail(line, col + 1, "too many nested parentheses");
    if (brackets_.empty()) fail(line, col + 1, fmt::format("unmatched '{}'", c));
    const Bracket& open = brackets_.back();
    if (open.line != line)
        fail(line, col + 1,
             fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}' on line {}", c,
                         open.ch, open.line));
    fail(line, col + 1,
         fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}'", c, open.ch));
}

} // namespace ws
