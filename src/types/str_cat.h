// Concatenation without a formatting library: `cat(a, b, c)` returns the pieces joined,
// `append(out, a, b, c)` adds them to `out` after one reservation. Pieces are strings,
// string views, C strings, single characters and integers (printed in decimal).
// The emission hot path builds every statement with these: fmt's runtime parsing of
// format strings and its intermediate buffers cost more than the text itself.
#pragma once

#include <charconv>
#include <concepts>
#include <string>
#include <string_view>

namespace ws {

namespace str_cat_detail {

inline size_t piece_size(std::string_view s) {
    return s.size();
}
inline size_t piece_size(char) {
    return 1;
}
template <std::integral T>
requires(!std::same_as<T, char> && !std::same_as<T, bool>) size_t piece_size(T) {
    return 20;
}

inline void append_piece(std::string& out, std::string_view s) {
    out.append(s);
}
inline void append_piece(std::string& out, char c) {
    out.push_back(c);
}
template <std::integral T>
requires(!std::same_as<T, char> && !std::same_as<T, bool>) void append_piece(std::string& out, T v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

} // namespace str_cat_detail

template <class... A>
void append(std::string& out, const A&... pieces) {
    out.reserve(out.size() + (str_cat_detail::piece_size(pieces) + ... + 0));
    (str_cat_detail::append_piece(out, pieces), ...);
}

template <class... A>
std::string cat(const A&... pieces) {
    std::string s;
    append(s, pieces...);
    return s;
}

} // namespace ws
