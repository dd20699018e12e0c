#include "syntax/token.h"

namespace ws {

const char* spelling(Tok kind) {
    switch (kind) {
    case Tok::EndMarker: return "end of file";
    case Tok::Name: return "NAME";
    case Tok::Number: return "NUMBER";
    case Tok::String: return "STRING";
    case Tok::Newline: return "NEWLINE";
    case Tok::Indent: return "INDENT";
    case Tok::Dedent: return "DEDENT";
    case Tok::Error: return "ERRORTOKEN";
    case Tok::LPar: return "(";
    case Tok::RPar: return ")";
    case Tok::LSqb: return "[";
    case Tok::RSqb: return "]";
    case Tok::LBrace: return "{";
    case Tok::RBrace: return "}";
    case Tok::Colon: return ":";
    case Tok::Comma: return ",";
    case Tok::Semi: return ";";
    case Tok::Plus: return "+";
    case Tok::Minus: return "-";
    case Tok::Star: return "*";
    case Tok::Slash: return "/";
    case Tok::VBar: return "|";
    case Tok::Amper: return "&";
    case Tok::Less: return "<";
    case Tok::Greater: return ">";
    case Tok::Equal: return "=";
    case Tok::Dot: return ".";
    case Tok::Percent: return "%";
    case Tok::EqEqual: return "==";
    case Tok::NotEqual: return "!=";
    case Tok::LessEqual: return "<=";
    case Tok::GreaterEqual: return ">=";
    case Tok::Tilde: return "~";
    case Tok::Circumflex: return "^";
    case Tok::LeftShift: return "<<";
    case Tok::RightShift: return ">>";
    case Tok::DoubleStar: return "**";
    case Tok::PlusEqual: return "+=";
    case Tok::MinEqual: return "-=";
    case Tok::StarEqual: return "*=";
    case Tok::SlashEqual: return "/=";
    case Tok::PercentEqual: return "%=";
    case Tok::AmperEqual: return "&=";
    case Tok::VBarEqual: return "|=";
    case Tok::CircumflexEqual: return "^=";
    case Tok::LeftShiftEqual: return "<<=";
    case Tok::RightShiftEqual: return ">>=";
    case Tok::DoubleStarEqual: return "**=";
    case Tok::DoubleSlash: return "//";
    case Tok::DoubleSlashEqual: return "//=";
    case Tok::At: return "@";
    case Tok::AtEqual: return "@=";
    case Tok::RArrow: return "->";
    case Tok::Ellipsis: return "...";
    case Tok::ColonEqual: return ":=";
    case Tok::KwFalse: return "False";
    case Tok::KwNone: return "None";
    case Tok::KwTrue: return "True";
    case Tok::KwAnd: return "and";
    case Tok::KwAs: return "as";
    case Tok::KwAssert: return "assert";
    case Tok::KwAsync: return "async";
    case Tok::KwAwait: return "await";
    case Tok::KwBreak: return "break";
    case Tok::KwClass: return "class";
    case Tok::KwContinue: return "continue";
    case Tok::KwDef: return "def";
    case Tok::KwDel: return "del";
    case Tok::KwElif: return "elif";
    case Tok::KwElse: return "else";
    case Tok::KwExcept: return "except";
    case Tok::KwFinally: return "finally";
    case Tok::KwFor: return "for";
    case Tok::KwFrom: return "from";
    case Tok::KwGlobal: return "global";
    case Tok::KwIf: return "if";
    case Tok::KwImport: return "import";
    case Tok::KwIn: return "in";
    case Tok::KwIs: return "is";
    case Tok::KwLambda: return "lambda";
    case Tok::KwNonlocal: return "nonlocal";
    case Tok::KwNot: return "not";
    case Tok::KwOr: return "or";
    case Tok::KwPass: return "pass";
    case Tok::KwRaise: return "raise";
    case Tok::KwReturn: return "return";
    case Tok::KwTry: return "try";
    case Tok::KwWhile: return "while";
    case Tok::KwWith: return "with";
    case Tok::KwYield: return "yield";
    }
    return "?";
}

} // namespace ws
