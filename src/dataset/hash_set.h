// A compact set of 64-bit hashes (open addressing, linear probing): the
// exact-dedup memory is 16 bytes per kept record at most, and no string of
// any record is kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ws::dataset {

// 16 lowercase hex digits: how hashes are written in records and manifests.
std::string hash_hex(uint64_t h);

class HashSet {
  public:
    // True when `h` was not in the set (and is now).
    bool insert(uint64_t h);
    bool contains(uint64_t h) const;
    size_t size() const { return size_ + (has_zero_ ? 1 : 0); }
    size_t memory_bytes() const { return slots_.size() * sizeof(uint64_t); }

  private:
    void grow();
    std::vector<uint64_t> slots_; // 0 marks an empty slot; the key 0 is kept in has_zero_
    size_t size_ = 0;
    bool has_zero_ = false;
};

} // namespace ws::dataset
