// Names to values, in insertion order, found by open addressing in a power-of-two array of
// (hash, index) slots. std::unordered_map divided every hash by a prime (for the bucket, and
// again for each node of the bucket it passed) and went through two dependent nodes:
// ModuleScope::global, run for every name a kernel reads, spent more time waiting than computing.
#pragma once

#include "types/name_hash.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace ws {

template <class V>
class NameMap {
  public:
    using value_type = std::pair<std::string, V>;
    using iterator = typename std::vector<value_type>::iterator;
    using const_iterator = typename std::vector<value_type>::const_iterator;

    iterator begin() { return entries_.begin(); }
    iterator end() { return entries_.end(); }
    const_iterator begin() const { return entries_.begin(); }
    const_iterator end() const { return entries_.end(); }
    size_t size() const { return entries_.size(); }
    void clear() {
        entries_.clear();
        slots_.clear();
        mask_ = 0;
    }

    iterator find(std::string_view name) { return begin() + static_cast<std::ptrdiff_t>(index_of(name)); }
    const_iterator find(std::string_view name) const {
        return begin() + static_cast<std::ptrdiff_t>(index_of(name));
    }
    // The value bound to `name`, default-constructed if new.
    V& operator[](std::string_view name) {
        uint32_t h = static_cast<uint32_t>(name_hash(name));
        size_t i = index_of(name, h);
        if (i != entries_.size()) return entries_[i].second;
        if (2 * (entries_.size() + 1) > slots_.size()) {
            size_t slot_count = std::max<size_t>(16, 2 * slots_.size());
            // The entries grow with the slots (from one, they moved every name at 1, 2, 4 and 8).
            entries_.reserve(slot_count / 2);
            rebuild(slot_count);
        }
        // The name made in place (a temporary moved in copied it twice).
        entries_.emplace_back(std::piecewise_construct, std::forward_as_tuple(name), std::forward_as_tuple());
        place(h, static_cast<uint32_t>(entries_.size()));
        return entries_.back().second;
    }
    // Rare (a function factory's name): the later entries move up and the slots are made again.
    size_t erase(std::string_view name) {
        size_t i = index_of(name);
        if (i == entries_.size()) return 0;
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        rebuild(slots_.size());
        return 1;
    }

  private:
    struct Slot {
        uint32_t hash = 0;
        uint32_t index = 0; // of the entry, plus one; 0: empty
    };
    // The entry's index, or size() when absent.
    size_t index_of(std::string_view name) const {
        return index_of(name, static_cast<uint32_t>(name_hash(name)));
    }
    size_t index_of(std::string_view name, uint32_t h) const {
        if (slots_.empty()) return entries_.size();
        for (size_t s = h & mask_;; s = (s + 1) & mask_) {
            const Slot& slot = slots_[s];
            if (!slot.index) return entries_.size();
            if (slot.hash == h && same_name(entries_[slot.index - 1].first, name)) return slot.index - 1;
        }
    }
    void place(uint32_t h, uint32_t index) {
        size_t s = h & mask_;
        while (slots_[s].index) s = (s + 1) & mask_;
        slots_[s] = {h, index};
    }
    void rebuild(size_t slot_count) {
        slots_.assign(slot_count, Slot{});
        mask_ = slot_count - 1;
        for (size_t i = 0; i < entries_.size(); ++i)
            place(static_cast<uint32_t>(name_hash(entries_[i].first)), static_cast<uint32_t>(i + 1));
    }

    std::vector<value_type> entries_;
    std::vector<Slot> slots_;
    size_t mask_ = 0;
};

} // namespace ws
