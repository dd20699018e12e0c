// A function's local names: a Python-dict-like table, insertion ordered (Warp
// iterates its dict when it merges branches and loop-carried variables, and
// that order shows in the output). Large tables get a flat hash index of
// positions, which copies as cheaply as the entries (Warp copies the table at
// every branch and loop), so lookups stay O(1) in functions with thousands of
// names.
#pragma once

#include "codegen/value.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws {

class SymbolTable {
  public:
    const Value* find(std::string_view name) const {
        size_t i = position(name);
        return i == npos ? nullptr : &entries_[i].second;
    }
    bool contains(std::string_view name) const { return position(name) != npos; }
    void set(std::string_view name, Value v);
    void erase(std::string_view name);
    const std::vector<std::pair<std::string, Value>>& entries() const { return entries_; }
    size_t size() const { return entries_.size(); }

  private:
    static constexpr size_t npos = static_cast<size_t>(-1);
    // Up to this many names a linear scan is faster than hashing.
    static constexpr size_t kLinearScan = 16;

    // Inline: most lookups that miss end at the filter, before the out-of-line search saves
    // its registers.
    size_t position(std::string_view name) const {
        if (!(filter_ & filter_bit(name))) return npos;
        return slots_.empty() ? scan(name) : probe(name);
    }
    size_t scan(std::string_view name) const;
    size_t probe(std::string_view name) const;
    // A bit per (length, first character) of the names bound: most lookups that miss (`wp` of
    // `wp.tid()`, globals) end here instead of scanning every name.
    static uint64_t filter_bit(std::string_view name) {
        unsigned first = name.empty() ? 0 : static_cast<unsigned char>(name[0]);
        return uint64_t{1} << ((first + name.size() * 7) & 63);
    }
    // A name's length and text folded into a word: all of a name of up to 8 characters, so a
    // small table is scanned through this array alone (its strings live elsewhere, behind
    // pointers) and compares one name in full, the one found.
    static uint64_t tag_of(std::string_view name) {
        const char* p = name.data();
        const size_t n = name.size();
        if (n >= 4) { // first and last four bytes; the length is compared separately
            uint32_t a, b;
            std::memcpy(&a, p, 4);
            std::memcpy(&b, p + n - 4, 4);
            return uint64_t{a} << 32 | b;
        }
        uint64_t t = n; // high half zero: no name of 4 or more characters (no NUL) has that tag
        for (size_t i = 0; i < n; ++i) t |= uint64_t{static_cast<unsigned char>(p[i])} << (8 * (i + 1));
        return t;
    }
    void index_insert(size_t position);
    void rebuild_index();

    std::vector<std::pair<std::string, Value>> entries_;
    // tag_of each entry's name while the table is scanned (no index).
    std::array<uint64_t, kLinearScan> tags_{};
    // Open addressing, linear probing: slot = position in entries_ + 1, 0 is empty.
    // Empty while the table is small.
    std::vector<uint32_t> slots_;
    uint64_t filter_ = 0; // filter_bit of every name; may have stale bits after erase
};

} // namespace ws
