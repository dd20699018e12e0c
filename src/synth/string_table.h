// A fixed set of strings, each with a value, looked up by an open-addressed table hashed with
// name_hash (the compiler's name tables' hash). The synthesizer asks such tables (roles,
// reserved names) hundreds of thousands of times per thousand kernels: std::hash is an
// out-of-line byte hash, and a sorted search compares strings at every step.
#pragma once

#include "types/name_hash.h"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::synth {

template <typename T>
class StringTable {
  public:
    // The keys must outlive the table (static strings); a key given twice keeps its first value.
    explicit StringTable(std::vector<std::pair<std::string_view, T>> entries) : entries_(std::move(entries)) {
        size_t n = 64;
        while (n < 4 * entries_.size()) n *= 2;
        slots_.assign(n, -1);
        mask_ = n - 1;
        for (size_t e = 0; e < entries_.size(); ++e) {
            size_t k = slot(entries_[e].first);
            while (slots_[k] >= 0 && entries_[size_t(slots_[k])].first != entries_[e].first)
                k = (k + 1) & mask_;
            if (slots_[k] < 0) slots_[k] = int32_t(e);
        }
    }

    // The value of `key`, or null.
    const T* find(std::string_view key) const {
        for (size_t k = slot(key);; k = (k + 1) & mask_) {
            const int32_t e = slots_[k];
            if (e < 0) return nullptr;
            if (entries_[size_t(e)].first == key) return &entries_[size_t(e)].second;
        }
    }

  private:
    size_t slot(std::string_view s) const { return name_hash(s) & mask_; }

    std::vector<std::pair<std::string_view, T>> entries_;
    std::vector<int32_t> slots_; // an index into entries_, -1: empty
    size_t mask_ = 0;
};

} // namespace ws::synth
