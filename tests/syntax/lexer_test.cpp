// The token stream: kinds, positions, indentation and line joining.
#include "syntax/lexer.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace ws {
namespace {

struct Lexed {
    std::vector<Token> tokens;
    std::vector<std::string> texts;
};

Lexed lex(const std::string& text) {
    SourceFile file("t.py", text);
    Lexer lexer(file);
    Lexed out;
    for (;;) {
        Token t = lexer.next();
        out.tokens.push_back(t);
        out.texts.emplace_back(lexer.text(t));
        if (t.kind == Tok::EndMarker) return out;
    }
}

std::vector<Tok> kinds(const std::string& text) {
    std::vector<Tok> out;
    for (const Token& t : lex(text).tokens) out.push_back(t.kind);
    return out;
}

// Spellings of the tokens, with NEWLINE/INDENT/DEDENT shown by name.
std::string spellings(const std::string& text) {
    Lexed l = lex(text);
    std::string out;
    for (size_t i = 0; i < l.tokens.size(); ++i) {
        Tok k = l.tokens[i].kind;
        if (!out.empty()) out += ' ';
        bool named = k == Tok::Newline || k == Tok::Indent || k == Tok::Dedent || k == Tok::EndMarker;
        out += named ? spelling(k) : l.texts[i];
    }
    return out;
}

TEST(Lexer, SimpleStatement) {
    EXPECT_EQ(kinds("x = 1\n"),
              (std::vector<Tok>{Tok::Name, Tok::Equal, Tok::Number, Tok::Newline, Tok::EndMarker}));
}

TEST(Lexer, KeywordsAndSoftKeywords) {
    EXPECT_EQ(kinds("if not x is None: pass\n")[0], Tok::KwIf);
    // `match` and `case` are names to the lexer; the parser decides.
    EXPECT_EQ(kinds("match case _\n")[0], Tok::Name);
    EXPECT_EQ(kinds("match case _\n")[1], Tok::Name);
    EXPECT_EQ(kinds("True False None lambda\n"),
              (std::vector<Tok>{Tok::KwTrue, Tok::KwFalse, Tok::KwNone, Tok::KwLambda, Tok::Newline,
                                Tok::EndMarker}));
}

TEST(Lexer, IndentDedentAndBlankLines) {
    EXPECT_EQ(spellings("if a:\n    b\n\n    # comment\n        \n    c\nd\n"),
              "if a : NEWLINE INDENT b NEWLINE c NEWLINE DEDENT d NEWLINE end of file");
    // Several blocks closed at once, and at the end of the file.
    EXPECT_EQ(
        spellings("if a:\n if b:\n  c\nd\nif e:\n f"),
        "if a : NEWLINE INDENT if b : NEWLINE INDENT c NEWLINE DEDENT DEDENT d NEWLINE if e : NEWLINE INDENT "
        "f NEWLINE DEDENT end of file");
}

TEST(Lexer, TabsCountToMultiplesOfEight) {
    EXPECT_EQ(spellings("if a:\n\tb\n\tc\n"), "if a : NEWLINE INDENT b NEWLINE c NEWLINE DEDENT end of file");
    // Two spaces and a tab reach column 8 like a tab, but only if tabs were
    // one column wide would they differ: CPython calls that ambiguous.
    EXPECT_THROW(lex("if a:\n  \tb\n\tc\n"), CompileError);
    // Deeper levels compare by the tab-as-eight width.
    EXPECT_EQ(spellings("if a:\n\tif b:\n\t\tc\n\td\n"),
              "if a : NEWLINE INDENT if b : NEWLINE INDENT c NEWLINE DEDENT d NEWLINE DEDENT end of file");
}

TEST(Lexer, ImplicitAndExplicitLineJoining) {
    EXPECT_EQ(spellings("x = (1,\n     2)\n"), "x = ( 1 , 2 ) NEWLINE end of file");
    EXPECT_EQ(spellings("x = [\n\n  # c\n]\n"), "x = [ ] NEWLINE end of file");
    EXPECT_EQ(spellings("x = 1 + \\\n    2\n"), "x = 1 + 2 NEWLINE end of file");
}

TEST(Lexer, NewlineAtEndOfFileIsImplied) {
    EXPECT_EQ(spellings("x"), "x NEWLINE end of file");
    EXPECT_EQ(spellings(""), "end of file");
    EXPECT_EQ(spellings("# only a comment"), "end of file");
}

TEST(Lexer, LineEndings) {
    Lexed l = lex("a\r\nb\rc\n");
    EXPECT_EQ(l.tokens[2].line, 2);
    EXPECT_EQ(l.tokens[4].line, 3);
    EXPECT_EQ(l.tokens[4].col, 0);
}

TEST(Lexer, Numbers) {
    EXPECT_EQ(spellings("0x1F 0o17 0b101 1_000 1. .5 1e-6 1.5j 0 00 1E+5 0_0 1_0.0_1e1_0J\n"),
              "0x1F 0o17 0b101 1_000 1. .5 1e-6 1.5j 0 00 1E+5 0_0 1_0.0_1e1_0J NEWLINE end of file");
    // A number may run straight into a keyword, as CPython allows.
    EXPECT_EQ(spellings("1if x else 2\n"), "1 if x else 2 NEWLINE end of file");
    EXPECT_EQ(spellings("x.real\n"), "x . real NEWLINE end of file");
    EXPECT_EQ(spellings("1..real\n"), "1. . real NEWLINE end of file");
}

TEST(Lexer, Strings) {
    EXPECT_EQ(spellings("'a' \"b\" r'\\'' b'c' Rb'd' f\"{e}\" u'f' '''g\n''' \"\"\"h\"\"\"\n"),
              "'a' \"b\" r'\\'' b'c' Rb'd' f\"{e}\" u'f' '''g\n''' \"\"\"h\"\"\" NEWLINE end of file");
    // Not a prefix: `ub` is a name followed by a string.
    EXPECT_EQ(spellings("ub'x'\n"), "ub 'x' NEWLINE end of file");
}

TEST(Lexer, MultiLineStringPosition) {
    Lexed l = lex("x = '''a\nbc''' + 1\n");
    const Token& s = l.tokens[2];
    EXPECT_EQ(s.kind, Tok::String);
    EXPECT_EQ(s.line, 1);
    EXPECT_EQ(s.col, 4);
    EXPECT_EQ(s.end_line, 2);
    EXPECT_EQ(s.end_col, 5);
    EXPECT_EQ(l.tokens[3].line, 2);
    EXPECT_EQ(l.tokens[3].col, 6);
}

TEST(Lexer, Operators) {
    EXPECT_EQ(spellings("a **= b //= c >>= d <<= e -> f := g @ h @= i ... j != k ** l // m\n"),
              "a **= b //= c >>= d <<= e -> f := g @ h @= i ... j != k ** l // m NEWLINE end of file");
    EXPECT_EQ(kinds("a->b")[1], Tok::RArrow);
    EXPECT_EQ(kinds("$")[0], Tok::Error);
}

TEST(Lexer, ColumnsAreUtf8Bytes) {
    Lexed l = lex("s = 'é'; y\n");
    EXPECT_EQ(l.tokens[2].end_col, 8); // 'é' is two bytes
    EXPECT_EQ(l.tokens[4].col, 10);
}

TEST(Lexer, NonAsciiIdentifiers) {
    Lexed l = lex("δx = 1\n");
    EXPECT_EQ(l.tokens[0].kind, Tok::Name);
    EXPECT_EQ(l.texts[0], "δx");
    EXPECT_EQ(l.tokens[1].col, 4);
}

TEST(Lexer, ByteOrderMarkIsSkipped) {
    Lexed l = lex("\xEF\xBB\xBFx = 1\n");
    EXPECT_EQ(l.texts[0], "x");
    EXPECT_EQ(l.tokens[0].col, 0);
}

TEST(Lexer, BracketDepth) {
    Lexed l = lex("f(a[1])\n");
    EXPECT_EQ(l.tokens[0].depth, 0);
    EXPECT_EQ(l.tokens[2].depth, 1);
    EXPECT_EQ(l.tokens[4].depth, 2);
    EXPECT_EQ(l.tokens[6].depth, 0);
}

} // namespace
} // namespace ws
