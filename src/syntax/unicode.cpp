#include "syntax/unicode.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace ws {
namespace unicode_tables {
extern const CodeRange xid_start[];
extern const size_t xid_start_size;
extern const CodeRange xid_continue[];
extern const size_t xid_continue_size;
extern const CodeRange printable[];
extern const size_t printable_size;
extern const CodeRange nfkc_changes[];
extern const size_t nfkc_changes_size;
} // namespace unicode_tables

namespace unicode {
namespace {

bool in_table(const CodeRange* table, size_t size, uint32_t cp) {
    const CodeRange* end = table + size;
    const CodeRange* it =
        std::upper_bound(table, end, cp, [](uint32_t c, const CodeRange& r) { return c < r.first; });
    return it != table && cp <= (it - 1)->last;
}

bool is_ascii_ident_start(uint32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

} // namespace

uint32_t decode(std::string_view s, size_t i, int& len) {
    auto b = [&](size_t k) -> uint32_t { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0; };
    uint32_t c0 = b(i);
    auto cont = [&](size_t k) { return (b(k) & 0xC0) == 0x80; };
    if (c0 < 0x80) {
        len = 1;
        return c0;
    }
    if ((c0 & 0xE0) == 0xC0 && cont(i + 1)) {
        len = 2;
        return ((c0 & 0x1F) << 6) | (b(i + 1) & 0x3F);
    }
    if ((c0 & 0xF0) == 0xE0 && cont(i + 1) && cont(i + 2)) {
        len = 3;
        return ((c0 & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
    }
    if ((c0 & 0xF8) == 0xF0 && cont(i + 1) && cont(i + 2) && cont(i + 3)) {
        len = 4;
        return ((c0 & 0x07) << 18) | ((b(i + 1) & 0x3F) << 12) | ((b(i + 2) & 0x3F) << 6) | (b(i + 3) & 0x3F);
    }
    len = 1;
    return c0;
}

void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

bool is_xid_start(uint32_t cp) {
    if (cp < 0x80) return is_ascii_ident_start(cp);
    return in_table(unicode_tables::xid_start, unicode_tables::xid_start_size, cp);
}

bool is_xid_continue(uint32_t cp) {
    if (cp < 0x80) return is_ascii_ident_start(cp) || (cp >= '0' && cp <= '9');
    return in_table(unicode_tables::xid_continue, unicode_tables::xid_continue_size, cp);
}

bool is_printable(uint32_t cp) {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7F;
    return in_table(unicode_tables::printable, unicode_tables::printable_size, cp);
}

bool changes_under_nfkc(uint32_t cp) {
    if (cp < 0x80) return false;
    return in_table(unicode_tables::nfkc_changes, unicode_tables::nfkc_changes_size, cp);
}

bool valid_utf8(std::string_view s, size_t& bad) {
    size_t i = 0;
    while (i < s.size()) {
        // Source text is mostly ASCII: eight bytes at a time while no byte has its high bit set
        // (byte by byte, this check was 0.5% of a compilation).
        uint64_t word, next;
        constexpr size_t kPair = 2 * sizeof word; // two words per test while both are ASCII
        while (i + kPair <= s.size()) {
            std::memcpy(&word, s.data() + i, sizeof word);
            std::memcpy(&next, s.data() + i + sizeof word, sizeof next);
            if ((word | next) & 0x8080808080808080ull) break;
            i += kPair;
        }
        while (i + sizeof word <= s.size()) {
            std::memcpy(&word, s.data() + i, sizeof word);
            if (word & 0x8080808080808080ull) break;
            i += sizeof word;
        }
        if (i >= s.size()) break;
        auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        int len = 0;
        uint32_t cp = decode(s, i, len);
        // Reject overlong forms, surrogates and values past U+10FFFF.
        bool ok = len > 1 && !(len == 2 && cp < 0x80) && !(len == 3 && cp < 0x800) &&
                  !(len == 4 && cp < 0x10000) && !(cp >= 0xD800 && cp <= 0xDFFF) && cp <= 0x10FFFF;
        if (!ok) {
            bad = i;
            return false;
        }
        i += static_cast<size_t>(len);
    }
    return true;
}

} // namespace unicode
} // namespace ws
