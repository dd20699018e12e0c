// Concatenation without a formatting library: `cat(a, b, c)` returns the pieces joined,
// `append(out, a, b, c)` adds them to `out` after one reservation. Pieces are strings,
// string views, C strings, single characters and integers (printed in decimal).
// The emission hot path builds every statement with these: fmt's runtime parsing of
// format strings and its intermediate buffers cost more than the text itself.
#pragma once

#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

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

// Copies a short piece without a call: most pieces are names and operators of a few bytes,
// for which memcpy's call and size dispatch cost more than the copy. Writes exactly [p, p + n).
[[gnu::always_inline]] inline char* put(char* p, const char* s, size_t n) {
    if (n > 16) {
        std::memcpy(p, s, n);
    } else if (n >= 8) {
        uint64_t a, b;
        std::memcpy(&a, s, 8);
        std::memcpy(&b, s + n - 8, 8);
        std::memcpy(p, &a, 8);
        std::memcpy(p + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        std::memcpy(&a, s, 4);
        std::memcpy(&b, s + n - 4, 4);
        std::memcpy(p, &a, 4);
        std::memcpy(p + n - 4, &b, 4);
    } else if (n) {
        p[0] = s[0];
        p[n / 2] = s[n / 2];
        p[n - 1] = s[n - 1];
    }
    return p + n;
}

// put() for pieces of up to 64 bytes (a generated line's usual length): copied in 16-byte moves
// without memcpy's call and size dispatch, longer and shorter ones as put() copies them.
[[gnu::always_inline]] inline char* put_line(char* p, const char* s, size_t n) {
    if (n <= 16 || n > 64) return put(p, s, n);
    std::memcpy(p, s, 16);
    if (n > 32) {
        std::memcpy(p + 16, s + 16, 16);
        if (n > 48) std::memcpy(p + 32, s + 32, 16);
    }
    std::memcpy(p + n - 16, s + n - 16, 16);
    return p + n;
}

} // namespace str_cat_detail

template <class... A>
void append(std::string& out, const A&... pieces) {
    str_cat_detail::append_views(out, {std::string_view(str_cat_detail::view(pieces))...});
}

// A text buffer for appending many short pieces: std::string cannot grow without zero-filling
// (before C++23's resize_and_overwrite), so appending to one paid a capacity check and a memcpy
// call per piece. Here a piece is copied inline after one check for room.
class TextBuffer {
  public:
    TextBuffer() = default;
    // A moved-from buffer is empty (the defaults would leave its size and room without storage).
    TextBuffer(TextBuffer&& o) noexcept
        : data_(std::move(o.data_)), size_(std::exchange(o.size_, 0)), room_(std::exchange(o.room_, 0)) {}
    TextBuffer& operator=(TextBuffer&& o) noexcept {
        data_ = std::move(o.data_);
        size_ = std::exchange(o.size_, 0);
        room_ = std::exchange(o.room_, 0);
        return *this;
    }
    // Room for `n` more bytes at the end, returned for the caller to fill.
    // Inlined at every append, the growth not.
    [[gnu::always_inline]] char* extend(size_t n) {
        reserve_more(n);
        char* p = data_.get() + size_;
        size_ += n;
        return p;
    }
    // Room for `n` more bytes, grown by doubling: a writer that reserves before each piece of a
    // shared buffer must not copy the whole buffer every time (reserve() grows exactly).
    [[gnu::always_inline]] void reserve_more(size_t n) {
        if (size_ + n > room_) [[unlikely]]
            reserve(std::max(size_ + n, 2 * room_));
    }
    [[gnu::noinline]] void reserve(size_t n) {
        if (n <= room_) return;
        auto bigger = std::make_unique_for_overwrite<char[]>(n); // not zero-filled
        if (size_) std::memcpy(bigger.get(), data_.get(), size_);
        data_ = std::move(bigger);
        room_ = n;
    }
    [[gnu::always_inline]] TextBuffer& operator+=(std::string_view s) {
        str_cat_detail::put(extend(s.size()), s.data(), s.size());
        return *this;
    }
    TextBuffer& operator+=(char c) {
        *extend(1) = c;
        return *this;
    }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const char* data() const { return data_.get(); }
    // Shrinks only: keeps the text up to `n`.
    void resize(size_t n) { size_ = std::min(size_, n); }
    // Empties the buffer, its room kept.
    void clear() { size_ = 0; }
    void erase(size_t at, size_t n) {
        std::memmove(data_.get() + at, data_.get() + at + n, size_ - at - n);
        size_ -= n;
    }
    std::string_view view() const { return {data_.get(), size_}; }
    operator std::string_view() const { return view(); } // NOLINT: implicit like std::string's

  private:
    std::unique_ptr<char[]> data_;
    size_t size_ = 0, room_ = 0;
};

// Expanded at each call, so that a literal piece's copy has its size known (no size dispatch).
template <class... A>
void append(TextBuffer& out, const A&... pieces) {
    auto copy = [&out](auto... views) {
        char* p = out.extend((views.size() + ...));
        ((p = str_cat_detail::put(p, views.data(), views.size())), ...);
    };
    copy(std::string_view(str_cat_detail::view(pieces))...);
}

template <class... A>
std::string cat(const A&... pieces) {
    std::string s;
    append(s, pieces...);
    return s;
}

} // namespace ws
