// Syntax errors: CPython 3.11's message, line and column (SyntaxError.offset,
// which CompileError::col() carries) for typical mistakes.
#include "syntax/parser.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

struct Case {
    const char* source;
    int line;
    int col;
    const char* message;
};

class SyntaxErrors : public ::testing::TestWithParam<Case> {};

TEST_P(SyntaxErrors, MatchCPython) {
    const Case& c = GetParam();
    try {
        parse_module(std::make_shared<SourceFile>("bad.py", c.source));
        FAIL() << "no error for: " << c.source;
    } catch (const CompileError& e) {
        EXPECT_EQ(e.message(), c.message) << c.source;
        EXPECT_EQ(e.line(), c.line) << c.source;
        EXPECT_EQ(e.col(), c.col) << c.source;
        EXPECT_EQ(e.file(), "bad.py");
    }
}

// Expected values are CPython 3.11's (compile(source, "bad.py", "exec")).
const Case kCases[] = {
    {"x = (1,\n", 1, 5, "'(' was never closed"},
    {"x = [1, 2\ny = 3\n", 1, 5, "'[' was never closed"},
    {"x = 1)\n", 1, 6, "unmatched ')'"},
    {"x = (1]\n", 1, 7, "closing parenthesis ']' does not match opening parenthesis '('"},
    {"if x:\npass\n", 2, 1, "expected an indented block after 'if' statement on line 1"},
    {"def f():\n", 1, 9, "expected an indented block after function definition on line 1"},
    {"  x = 1\n", 1, 2, "unexpected indent"},
    {"if x:\n    a\n  b\n", 3, 4, "unindent does not match any outer indentation level"},
    {"if x:\n        a\n\tb\n", 3, 1, "inconsistent use of tabs and spaces in indentation"},
    {"s = 'abc\n", 1, 5, "unterminated string literal (detected at line 1)"},
    {"s = \"\"\"abc\n\n", 1, 5, "unterminated triple-quoted string literal (detected at line 2)"},
    {"x = 1abc\n", 1, 5, "invalid decimal literal"},
    {"x = 1__0\n", 1, 6, "invalid decimal literal"},
    {"x = 0x\n", 1, 6, "invalid hexadecimal literal"},
    {"x = 0b2\n", 1, 7, "invalid digit '2' in binary literal"},
    {"x = 09\n", 1, 5,
     "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
    {"def f(:\n    pass\n", 1, 7, "invalid syntax"},
    {"x = = 1\n", 1, 5, "invalid syntax"},
    {"x = $\n", 1, 5, "invalid syntax"},
    {"else:\n pass\n", 1, 1, "invalid syntax"},
    {"f(a b)\n", 1, 3, "invalid syntax. Perhaps you forgot a comma?"},
    {"if x\n    pass\n", 1, 5, "expected ':'"},
    {"f() = 1\n", 1, 1, "cannot assign to function call here. Maybe you meant '==' instead of '='?"},
    {"a = 1 = 2\n", 1, 5, "cannot assign to literal"},
    {"for f() in x: pass\n", 1, 5, "cannot assign to function call"},
    {"a, b += 1\n", 1, 1, "'tuple' is an illegal expression for augmented assignment"},
    {"def f(a=1, b): pass\n", 1, 12, "non-default argument follows default argument"},
    {"f(a=1, b)\n", 1, 9, "positional argument follows keyword argument"},
    {"x = 1 if 2\n", 1, 5, "expected 'else' after 'if' expression"},
    {"x = 1 \\ 2\n", 1, 8, "unexpected character after line continuation character"},
    {"x = 1 +\\\n", 1, 9, "unexpected EOF while parsing"},
    {"x = 'a' b'b'\n", 1, 13, "cannot mix bytes and nonbytes literals"},
    {"x = 'a\\x1'\n", 1, 11,
     "(unicode error) 'unicodeescape' codec can't decode bytes in position 1-3: truncated \\xXX escape"},
    {"x = \xC3\x97\n", 1, 5, "invalid character '\xC3\x97' (U+00D7)"},
    {"try:\n    pass\nx = 1\n", 3, 1, "expected 'except' or 'finally' block"},
    {"(a, b): int = 1\n", 1, 1, "only single target (not tuple) can be annotated"},
    {"f(a for a in b, c)\n", 1, 3, "Generator expression must be parenthesized"},
    {"print 'x'\n", 1, 1, "Missing parentheses in call to 'print'. Did you mean print(...)?"},
    // f-strings: fields are parsed as `(expression)`.
    {"x = f'{a b}'\n", 1, 2, "f-string: invalid syntax. Perhaps you forgot a comma?"},
    {"x = f'{}'\n", 1, 10, "f-string: empty expression not allowed"},
    {"x = f'{x!z}'\n", 1, 13, "f-string: invalid conversion character: expected 's', 'r', or 'a'"},
    {"x = f'}'\n", 1, 9, "f-string: single '}' is not allowed"},
    {"if 1:\n  y = f\"\"\"\n\n   {a b}\"\"\"\n", 4, 2,
     "f-string: invalid syntax. Perhaps you forgot a comma?"},
    // A lexical error later in the file wins over a syntax error, as in CPython.
    {"x = = 1\ny = 'abc\n", 2, 5, "unterminated string literal (detected at line 2)"},

};

INSTANTIATE_TEST_SUITE_P(Cases, SyntaxErrors, ::testing::ValuesIn(kCases));

TEST(CompileErrorFormat, FileLineColumn) {
    try {
        parse_module(std::make_shared<SourceFile>("k.py", "def f(:\n"));
        FAIL();
    } catch (const CompileError& e) {
        EXPECT_EQ(e.format(), "k.py:1:7: error: invalid syntax");
    }
}

// Python ints have no size limit, but CPython 3.11 refuses decimal literals of
// more than 4300 digits (sys.int_info.default_max_str_digits), with no column.
TEST(SyntaxErrors, DecimalLiteralDigitLimit) {
    std::string ok = "x = 1" + std::string(4299, '0') + "\ny = 0x1" + std::string(5000, '0') + "\n";
    EXPECT_NO_THROW(parse_module(std::make_shared<SourceFile>("ok.py", ok)));
    std::string bad = "x = 1\ny = 1" + std::string(4300, '0') + "\n";
    try {
        parse_module(std::make_shared<SourceFile>("bad.py", bad));
        FAIL() << "no error for a 4301-digit literal";
    } catch (const CompileError& e) {
        EXPECT_EQ(e.message(),
                  "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; "
                  "use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for "
                  "huge integer literals to avoid decimal conversion limits.");
        EXPECT_EQ(e.line(), 2);
        EXPECT_EQ(e.col(), 0);
    }
}

} // namespace
} // namespace ws
