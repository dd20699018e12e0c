// Values of number and string tokens, decoded as CPython decodes them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ws {

// An integer token (decimal, 0x, 0o, 0b, with underscores). Returns false
// when the value does not fit in 64 bits unsigned.
bool parse_int_literal(std::string_view text, uint64_t& value);

// A float token (or the digits of an imaginary one, without the `j`),
// correctly rounded as Python's float() does; overflow gives infinity.
double parse_float_literal(std::string_view text);

// Whether a number token is an integer (no '.', exponent or 'j').
bool is_int_literal(std::string_view text);

struct StringLiteral {
    bool bytes = false;
    bool raw = false;
    bool fstring = false;
    std::string_view body; // between the quotes
};

// Splits a string token into prefix flags and body.
StringLiteral split_string_token(std::string_view token);

// Appends the value of `lit.body` to `out` (UTF-8; bytes as raw bytes):
// escapes decoded unless raw, line ends normalized to '\n'. Returns false
// and sets `error` to CPython's message on a bad escape.
bool decode_string(const StringLiteral& lit, std::string& out, std::string& error);

} // namespace ws
