#include "codegen/symbol_table.h"

#include "types/name_hash.h"

#include <cstring>
#include <tuple>
#include <utility>

namespace ws {

size_t SymbolTable::scan(std::string_view name) const {
    // From the newest: names are mostly used soon after they are bound (names are unique,
    // so the order of the scan does not change what is found).
    const uint64_t tag = tag_of(name);
    const size_t n = name.size();
    for (size_t i = entries_.size(); i-- > 0;) {
        if (tags_[i] != tag) continue;
        // The tag holds all of a short name, and the first 4 bytes of a longer one.
        const std::string& s = entries_[i].first;
        if (n < 4 || (s.size() == n && (n <= 8 || name_words::same_words(s.data(), name.data(), 4, n))))
            return i;
    }
    return npos;
}

size_t SymbolTable::probe(std::string_view name) const {
    const size_t mask = slots_.size() - 1;
    for (size_t s = name_hash(name) & mask;; s = (s + 1) & mask) {
        uint32_t slot = slots_[s];
        if (slot == 0) return npos;
        if (same_name(entries_[slot - 1].first, name)) return slot - 1;
    }
}

void SymbolTable::index_insert(size_t position) {
    const size_t mask = slots_.size() - 1;
    size_t s = name_hash(entries_[position].first) & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = static_cast<uint32_t>(position + 1);
}

void SymbolTable::rebuild_index() {
    slots_.clear();
    if (entries_.size() <= kLinearScan) {
        for (size_t i = 0; i < entries_.size(); ++i) tags_[i] = tag_of(entries_[i].first);
        return;
    }
    size_t n = 64;
    while (n < entries_.size() * 2) n *= 2; // load factor at most 1/2
    slots_.assign(n, 0);
    for (size_t i = 0; i < entries_.size(); ++i) index_insert(i);
}

void SymbolTable::set(std::string_view name, Value v) {
    if (size_t i = position(name); i != npos) {
        entries_[i].second = std::move(v);
        return;
    }
    // Room for a typical function's names at once: growing from one took five reallocations,
    // each moving every name and value.
    if (entries_.capacity() == 0) entries_.reserve(kLinearScan);
    // The name made in place (a temporary string moved in copied it twice).
    entries_.emplace_back(std::piecewise_construct, std::forward_as_tuple(name),
                          std::forward_as_tuple(std::move(v)));
    filter_ |= filter_bit(name);
    if (slots_.empty() && entries_.size() <= kLinearScan) { // still scanned, no index
        tags_[entries_.size() - 1] = tag_of(name);
        return;
    }
    if (entries_.size() * 2 > slots_.size())
        rebuild_index();
    else
        index_insert(entries_.size() - 1);
}

void SymbolTable::erase(std::string_view name) {
    if (size_t i = position(name); i != npos) {
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        rebuild_index();
    }
}

} // namespace ws
