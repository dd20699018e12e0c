// A fixed set of strings, each with a value, looked up by an open-addressed table hashed on the
// string's length and first and last eight bytes. The synthesizer asks such tables (roles,
// reserved names) hundreds of thousands of times per thousand kernels: std::hash reads every
// byte of the key, and a sorted search compares strings at every step.
#pragma once

#include <cstdint>
#include <cstring>
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
    size_t slot(std::string_view s) const {
        uint64_t a = 0, b = 0;
        if (s.size() >= 8) {
            std::memcpy(&a, s.data(), 8);
            std::memcpy(&b, s.data() + s.size() - 8, 8);
        } else if (!s.empty()) {
            std::memcpy(&a, s.data(), s.size());
        }
        uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^ s.size();
        h ^= h >> 31;
        return size_t(h * 0xBF58476D1CE4E5B9ull >> 32) & mask_;
    }

    std::vector<std::pair<std::string_view, T>> entries_;
    std::vector<int32_t> slots_; // an index into entries_, -1: empty
    size_t mask_ = 0;
};

} // namespace ws::synth
