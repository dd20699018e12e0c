// A hash for identifiers, the keys of the name tables every compilation looks names up in.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ws {

// Inline and word at a time: names are short, and std::hash's out-of-line byte hash
// (std::_Hash_bytes) was about 1% of a compilation. Mixed well in the low bits too, which
// tables indexing by `hash & mask` use.
inline size_t name_hash(std::string_view s) {
    const char* p = s.data();
    size_t n = s.size();
    auto load64 = [](const char* q) {
        uint64_t w;
        std::memcpy(&w, q, sizeof w);
        return w;
    };
    auto load32 = [](const char* q) {
        uint32_t w;
        std::memcpy(&w, q, sizeof w);
        return static_cast<uint64_t>(w);
    };
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

// For unordered containers keyed by std::string and looked up by std::string_view alike.
struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return name_hash(s); }
};

} // namespace ws
