// A hash for identifiers, the keys of the name tables every compilation looks names up in.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ws {

namespace name_words {
// The bytes at `p` as one word (names are read a word at a time, unaligned).
inline uint64_t load64(const char* p) {
    uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
inline uint64_t load32(const char* p) {
    uint32_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
// Whether bytes [from, n) of two texts of at least 8 bytes are equal, a word at a time, the last
// word overlapping: inline, no memcmp call (whose registers the callers saved on every look-up).
inline bool same_words(const char* p, const char* q, size_t from, size_t n) {
    for (size_t i = from; i + 8 < n; i += 8)
        if (load64(p + i) != load64(q + i)) return false;
    return load64(p + n - 8) == load64(q + n - 8);
}
} // namespace name_words

// Inline and word at a time: names are short, and std::hash's out-of-line byte hash
// (std::_Hash_bytes) was about 1% of a compilation. Mixed well in the low bits too, which
// tables indexing by `hash & mask` use.
inline size_t name_hash(std::string_view s) {
    using name_words::load32, name_words::load64;
    const char* p = s.data();
    size_t n = s.size();
    auto mix = [](uint64_t h, uint64_t w) {
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        return h ^ (h >> 31);
    };
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    if (n >= 8) {
        for (; n > 8; p += 8, n -= 8) h = mix(h, load64(p));
        h = mix(h, load64(p + n - 8)); // the last eight bytes, overlapping the previous word
    } else if (n >= 4) {
        h = mix(h, (load32(p) << 32) | load32(p + n - 4));
    } else if (n > 0) {
        auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<unsigned char>(p[i])); };
        h = mix(h, (byte(0) << 16) | (byte(n >> 1) << 8) | byte(n - 1));
    }
    h *= 0x94D049BB133111EBull;
    return static_cast<size_t>(h ^ (h >> 29));
}

// Whether two names are the same text, compared inline a word at a time: == on strings and
// views called string_view::compare and memcmp out of line for every pair of equal lengths
// (a name found in a table always has one).
inline bool same_name(std::string_view a, std::string_view b) {
    using name_words::load32, name_words::load64;
    const size_t n = a.size();
    if (n != b.size()) return false;
    const char *p = a.data(), *q = b.data();
    if (n >= 8) return name_words::same_words(p, q, 0, n);
    if (n >= 4) return load32(p) == load32(q) && load32(p + n - 4) == load32(q + n - 4);
    for (size_t i = 0; i < n; ++i)
        if (p[i] != q[i]) return false;
    return true;
}

// For unordered containers keyed by std::string and looked up by std::string_view alike.
struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return name_hash(s); }
};

} // namespace ws
