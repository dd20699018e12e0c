// Tokens of Python's lexical grammar, as CPython's tokenizer produces them.
// Keywords get their own kinds so the parser can switch on them directly;
// soft keywords (`match`, `case`, `_`) stay names.
#pragma once

#include <cstdint>

namespace ws {

enum class Tok : uint8_t {
    EndMarker,
    Name,
    Number,
    String,
    Newline,
    Indent,
    Dedent,
    // A character that is not part of any token (`$`, `?`, `!`, a backtick):
    // CPython passes it to the parser, which reports "invalid syntax" there.
    Error,

    // Delimiters and operators.
    LPar,
    RPar,
    LSqb,
    RSqb,
    LBrace,
    RBrace,
    Colon,
    Comma,
    Semi,
    Plus,
    Minus,
    Star,
    Slash,
    VBar,
    Amper,
    Less,
    Greater,
    Equal,
    Dot,
    Percent,
    EqEqual,
    NotEqual,
    LessEqual,
    GreaterEqual,
    Tilde,
    Circumflex,
    LeftShift,
    RightShift,
    DoubleStar,
    PlusEqual,
    MinEqual,
    StarEqual,
    SlashEqual,
    PercentEqual,
    AmperEqual,
    VBarEqual,
    CircumflexEqual,
    LeftShiftEqual,
    RightShiftEqual,
    DoubleStarEqual,
    DoubleSlash,
    DoubleSlashEqual,
    At,
    AtEqual,
    RArrow,
    Ellipsis,
    ColonEqual,

    // Hard keywords.
    KwFalse,
    KwNone,
    KwTrue,
    KwAnd,
    KwAs,
    KwAssert,
    KwAsync,
    KwAwait,
    KwBreak,
    KwClass,
    KwContinue,
    KwDef,
    KwDel,
    KwElif,
    KwElse,
    KwExcept,
    KwFinally,
    KwFor,
    KwFrom,
    KwGlobal,
    KwIf,
    KwImport,
    KwIn,
    KwIs,
    KwLambda,
    KwNonlocal,
    KwNot,
    KwOr,
    KwPass,
    KwRaise,
    KwReturn,
    KwTry,
    KwWhile,
    KwWith,
    KwYield,
};

// One token. Offsets index the file's text; positions follow CPython
// (1-based lines, 0-based byte columns). Kept small and trivially copyable:
// the parser buffers every token of a file. 32 bytes, not 28: indexing the
// buffer and its size() are then shifts, not multiplications and divisions.
struct alignas(8) Token {
    Tok kind = Tok::EndMarker;
    // Open brackets after this token: CPython suggests a missing comma only
    // inside brackets.
    uint8_t depth = 0;
    uint32_t begin = 0; // byte offset of the first character
    uint32_t end = 0;   // byte offset past the last character
    int32_t line = 0;
    int32_t col = 0;
    int32_t end_line = 0;
    int32_t end_col = 0;
};
static_assert(sizeof(Token) == 32);

// The spelling of an operator or keyword kind (`"+="`, `"while"`), or a
// description of the other kinds (`"NAME"`, `"NEWLINE"`).
const char* spelling(Tok kind);

inline bool is_keyword(Tok k) {
    return k >= Tok::KwFalse;
}

} // namespace ws
