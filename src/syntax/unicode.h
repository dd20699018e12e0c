// The few Unicode facts the lexer needs: UTF-8 decoding and encoding, and
// the identifier and printability properties CPython checks (tables
// generated from CPython's own Unicode database, see unicode_tables.py).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ws {

struct CodeRange {
    uint32_t first;
    uint32_t last;
};

namespace unicode {

// Decodes the UTF-8 sequence at `s[i]`; returns the code point and sets
// `len` to its length in bytes. An invalid sequence decodes as its first byte
// with length 1 (CPython rejects invalid UTF-8 before tokenizing).
uint32_t decode(std::string_view s, size_t i, int& len);

// Appends `cp` as UTF-8. Surrogates are encoded like any other code point
// (as Python's "surrogatepass" does), so string constants keep them.
void append_utf8(std::string& out, uint32_t cp);

bool is_xid_start(uint32_t cp);
bool is_xid_continue(uint32_t cp);
// Python's str.isprintable() for one character.
bool is_printable(uint32_t cp);
// Whether NFKC normalization changes the character; CPython normalizes
// identifiers, which warpsynth does not implement.
bool changes_under_nfkc(uint32_t cp);

// Whether the file's text is valid UTF-8, as CPython requires of source
// code; returns the offset of the first bad byte in `bad`.
bool valid_utf8(std::string_view s, size_t& bad);

} // namespace unicode
} // namespace ws
