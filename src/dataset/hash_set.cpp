#include "dataset/hash_set.h"

#include <fmt/format.h>

namespace ws::dataset {

std::string hash_hex(uint64_t h) {
    return fmt::format("{:016x}", h);
}

namespace {
size_t slot_of(uint64_t h, size_t mask) {
    // The keys are already hashes; fold the high bits in for safety.
    return static_cast<size_t>((h ^ (h >> 29)) & mask);
}
} // namespace

bool HashSet::insert(uint64_t h) {
    if (h == 0) {
        bool added = !has_zero_;
        has_zero_ = true;
        return added;
    }
    if ((size_ + 1) * 10 > slots_.size() * 7) grow();
    size_t mask = slots_.size() - 1;
    for (size_t i = slot_of(h, mask);; i = (i + 1) & mask) {
        if (slots_[i] == h) return false;
        if (slots_[i] == 0) {
            slots_[i] = h;
            ++size_;
            return true;
        }
    }
}

bool HashSet::contains(uint64_t h) const {
    if (h == 0) return has_zero_;
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    for (size_t i = slot_of(h, mask);; i = (i + 1) & mask) {
        if (slots_[i] == h) return true;
        if (slots_[i] == 0) return false;
    }
}

void HashSet::grow() {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
    size_t mask = slots_.size() - 1;
    for (uint64_t h : old) {
        if (h == 0) continue;
        size_t i = slot_of(h, mask);
        while (slots_[i] != 0) i = (i + 1) & mask;
        slots_[i] = h;
    }
}

} // namespace ws::dataset
