// Concatenation without a formatting library: `cat(a, b, c)` returns the pieces joined,
// `append(out, a, b, c)` adds them to `out` after one reservation. Pieces are strings,
// string views, C strings, single characters and integers (printed in decimal).
// The emission hot path builds every statement with these: fmt's runtime parsing of
// format strings and its intermediate buffers cost more than the text itself.
#pragma once

#include <algorithm>
#include <charconv>
#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>

namespace ws {

namespace str_cat_detail {

// An integer's decimal digits, held until the pieces are copied.
struct Digits {
    char buf[24];
    size_t n = 0;
    operator std::string_view() const { return {buf, n}; } // NOLINT: implicit by design
};

inline std::string_view view(std::string_view s) {
    return s;
}
inline std::string_view view(const char& c) {
    return {&c, 1};
}
template <std::integral T>
requires(!std::same_as<T, char> && !std::same_as<T, bool>) Digits view(T v) {
    Digits d;
    d.n = static_cast<size_t>(std::to_chars(d.buf, d.buf + sizeof d.buf, v).ptr - d.buf);
    return d;
}

// One reservation, then an append per piece: resizing first zero-filled every byte before the
// copies wrote it again, which cost more than append's capacity check per piece.
inline void append_views(std::string& out, std::initializer_list<std::string_view> views) {
    size_t total = 0;
    for (std::string_view v : views) total += v.size();
    size_t old = out.size();
    if (out.capacity() < old + total) out.reserve(std::max(old + total, 2 * out.capacity()));
    for (std::string_view v : views) out.append(v.data(), v.size());
}

} // namespace str_cat_detail

template <class... A>
void append(std::string& out, const A&... pieces) {
    str_cat_detail::append_views(out, {std::string_view(str_cat_detail::view(pieces))...});
}

template <class... A>
std::string cat(const A&... pieces) {
    std::string s;
    append(s, pieces...);
    return s;
}

} // namespace ws
