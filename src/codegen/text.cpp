#include "codegen/text.h"

#include <cstdint>
#include <cstring>

namespace ws {

namespace {

// Decodes the code point starting at s[i]; sets `len` to its byte length.
uint32_t decode(std::string_view s, size_t i, size_t& len) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        len = 1;
        return c;
    }
    int n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + n > s.size()) n = 1;
    uint32_t cp = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    len = n;
    return cp;
}

// Python's str.isspace() for one code point.
bool is_python_space(uint32_t cp) {
    switch (cp) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x1c:
    case 0x1d:
    case 0x1e:
    case 0x1f:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000: return true;
    default: return cp >= 0x2000 && cp <= 0x200a;
    }
}

} // namespace

std::string_view strip_python(std::string_view s) {
    size_t begin = 0, end = s.size();
    // Source lines are indented with spaces: skipped before decoding code points.
    while (begin < end && s[begin] == ' ') ++begin;
    // Most lines begin and end with printable ASCII: no code point decoded.
    auto printable = [](char c) { return c > ' ' && c < '\x7f'; };
    if (begin < end && printable(s[begin]) && printable(s[end - 1])) return s.substr(begin);
    while (begin < end) {
        size_t len;
        uint32_t cp = decode(s, begin, len);
        if (!is_python_space(cp)) break;
        begin += len;
    }
    while (end > begin) {
        // find the start of the last code point
        size_t start = end - 1;
        while (start > begin && (static_cast<unsigned char>(s[start]) & 0xc0) == 0x80) --start;
        size_t len;
        uint32_t cp = decode(s, start, len);
        if (!is_python_space(cp)) break;
        end = start;
    }
    return s.substr(begin, end - begin);
}

int codepoint_count(std::string_view s) {
    // Eight ASCII bytes at a time (every line comment counts its source line; most are ASCII).
    size_t i = 0, n = 0;
    bool ascii = true;
    for (uint64_t w; i + 8 <= s.size(); i += 8) {
        std::memcpy(&w, s.data() + i, 8);
        if (w & 0x8080808080808080ull) {
            ascii = false;
            break;
        }
        n += 8;
    }
    // An ASCII rest is counted by one load of the last eight bytes (overlapping the counted).
    if (ascii && i < s.size() && s.size() >= 8) {
        uint64_t w;
        std::memcpy(&w, s.data() + s.size() - 8, 8);
        if (!(w & 0x8080808080808080ull)) return static_cast<int>(s.size());
    }
    for (; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) ++n;
    return static_cast<int>(n);
}

std::string ljust_codepoints(std::string s, int width) {
    int n = codepoint_count(s);
    if (n < width) s.append(width - n, ' ');
    return s;
}

} // namespace ws
