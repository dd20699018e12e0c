// Copies of generated lines into a text buffer. Most lines are at most 128 bytes (a line
// comment is padded to 80 columns and followed by its line number): for them memcpy's call and
// size dispatch cost more than the copy itself.
#pragma once

#include "types/str_cat.h"

#include <cstddef>
#include <cstring>
#include <string_view>

namespace ws {

// Writes exactly [p, p + n) from `s` and returns p + n: a line of 65 to 128 bytes as two
// 64-byte moves overlapping in the middle, others as str_cat_detail::put_line copies them.
[[gnu::always_inline]] inline char* put_text_line(char* p, const char* s, size_t n) {
    if (n <= 64 || n > 128) return str_cat_detail::put_line(p, s, n);
    std::memcpy(p, s, 64);
    std::memcpy(p + n - 64, s + n - 64, 64);
    return p + n;
}

// Appends `line` to `out`, inline (TextBuffer's += calls memcpy past 16 bytes).
[[gnu::always_inline]] inline void append_line(TextBuffer& out, std::string_view line) {
    put_text_line(out.extend(line.size()), line.data(), line.size());
}

} // namespace ws
