// Values of number and string literals.
#include "syntax/literal.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace ws {
namespace {

uint64_t int_value(std::string_view text) {
    uint64_t v = 0;
    EXPECT_TRUE(parse_int_literal(text, v)) << text;
    return v;
}

std::string decoded(std::string_view token) {
    std::string out, error;
    EXPECT_TRUE(decode_string(split_string_token(token), out, error)) << error;
    return out;
}

std::string decode_error(std::string_view token) {
    std::string out, error;
    EXPECT_FALSE(decode_string(split_string_token(token), out, error));
    return error;
}

TEST(Literal, Integers) {
    EXPECT_EQ(int_value("0"), 0u);
    EXPECT_EQ(int_value("1_000_000"), 1000000u);
    EXPECT_EQ(int_value("0x_FF"), 255u);
    EXPECT_EQ(int_value("0o17"), 15u);
    EXPECT_EQ(int_value("0B1_01"), 5u);
    EXPECT_EQ(int_value("18446744073709551615"), std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(int_value("0xffffffffffffffff"), std::numeric_limits<uint64_t>::max());
    uint64_t v = 0;
    EXPECT_FALSE(parse_int_literal("18446744073709551616", v));
    EXPECT_FALSE(parse_int_literal("0x1_0000_0000_0000_0000", v));
}

TEST(Literal, IntOrFloat) {
    EXPECT_TRUE(is_int_literal("0xE"));
    EXPECT_TRUE(is_int_literal("10"));
    EXPECT_FALSE(is_int_literal("1e3"));
    EXPECT_FALSE(is_int_literal("1."));
    EXPECT_FALSE(is_int_literal(".5"));
}

TEST(Literal, FloatsAreCorrectlyRounded) {
    EXPECT_EQ(parse_float_literal("0.1"), 0.1);
    EXPECT_EQ(parse_float_literal("1."), 1.0);
    EXPECT_EQ(parse_float_literal(".5"), 0.5);
    EXPECT_EQ(parse_float_literal("1e-6"), 1e-6);
    EXPECT_EQ(parse_float_literal("1_0.2_5e1_0"), 10.25e10);
    EXPECT_EQ(parse_float_literal("3.141592653589793238462643383279"), 3.141592653589793);
    EXPECT_EQ(parse_float_literal("4.9e-324"), std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(parse_float_literal("1e-400"), 0.0);
    EXPECT_TRUE(std::isinf(parse_float_literal("1e400")));
    EXPECT_EQ(parse_float_literal("2.2250738585072011e-308"), 2.2250738585072011e-308);
}

TEST(Literal, StringPrefixes) {
    StringLiteral l = split_string_token("Rb'''x'''");
    EXPECT_TRUE(l.raw);
    EXPECT_TRUE(l.bytes);
    EXPECT_FALSE(l.fstring);
    EXPECT_EQ(l.body, "x");
    EXPECT_EQ(split_string_token("''").body, "");
    EXPECT_EQ(split_string_token("''''''").body, "");
    EXPECT_TRUE(split_string_token("fR'a'").fstring);
}

TEST(Literal, Escapes) {
    EXPECT_EQ(decoded(R"('a\tb\n')"), "a\tb\n");
    EXPECT_EQ(decoded(R"('\\ \' \" \a\b\f\v\r')"), "\\ ' \" \a\b\f\v\r");
    EXPECT_EQ(decoded(R"('\101\0\x41')"), std::string("A\0A", 3));
    EXPECT_EQ(decoded(R"('\u00e9\U0001F600')"), "\xC3\xA9\xF0\x9F\x98\x80");
    EXPECT_EQ(decoded(R"('\q\d')"), "\\q\\d");        // unknown escapes keep the backslash
    EXPECT_EQ(decoded("'a\\\nb'"), "ab");             // backslash-newline joins
    EXPECT_EQ(decoded("'''a\r\nb\rc'''"), "a\nb\nc"); // newlines normalized
}

TEST(Literal, RawAndBytes) {
    EXPECT_EQ(decoded(R"(r'a\nb\'')"), R"(a\nb\')");
    EXPECT_EQ(decoded(R"(b'\xff\u1234')"), "\xFF\\u1234");
    EXPECT_EQ(decoded(R"(b'\777')"), "\xFF");
}

TEST(Literal, EscapeErrors) {
    EXPECT_EQ(
        decode_error(R"('a\x1')"),
        "(unicode error) 'unicodeescape' codec can't decode bytes in position 1-3: truncated \\xXX escape");
    EXPECT_EQ(
        decode_error(R"('\u12')"),
        "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-3: truncated \\uXXXX escape");
    EXPECT_EQ(decode_error(R"(b'\x')"), "(value error) invalid \\x escape at position 0");
    EXPECT_EQ(decode_error(R"('\U00110000')"), "(unicode error) 'unicodeescape' codec can't decode bytes in "
                                               "position 0-9: illegal Unicode character");
    EXPECT_EQ(decode_error(R"('\N{BULLET}')"), "\\N{...} escapes in string literals are not supported");
}

} // namespace
} // namespace ws
