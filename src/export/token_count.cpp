#include "export/token_count.h"

namespace ws::exporting {

namespace {

bool is_word(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

} // namespace

uint64_t approximate_tokens(std::string_view text) {
    uint64_t n = 0;
    bool in_word = false;
    for (unsigned char c : text) {
        if (is_word(c)) {
            n += !in_word;
            in_word = true;
            continue;
        }
        in_word = false;
        // A multi-byte UTF-8 character counts once: only its lead byte does.
        if (!is_space(c) && (c & 0xC0) != 0x80) ++n;
    }
    return n;
}

} // namespace ws::exporting
