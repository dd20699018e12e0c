// Leak-free train/validation/test splits by structural fingerprint.
//
// Records are grouped when their structure hashes are equal or when they are
// near-duplicates by the dataset's recipe (near_dup.h: MinHash signatures of
// analysis/fingerprint.h, LSH with 16 bands of 8 rows, then an estimated
// Jaccard similarity >= 0.7); groups are the connected components of that
// relation (union-find). A group's split comes from a hash of the smallest
// structure hash among its members, so a kernel and its near-copies share a
// split, and the split of a record depends only on the set of records: not
// on their order, on --jobs or on how the dataset was sharded or merged.
//
// Memory: the structure hash and signature of each record (about 530 bytes;
// 200,000 records take about 106 MB), never the records themselves.
#pragma once

#include "analysis/fingerprint.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ws::exporting {

enum class Split : uint8_t { Train, Validation, Test };
constexpr std::array<const char*, 3> kSplitNames{"train", "validation", "test"};

// "98/1/1": the shares of train, validation and test (any non-negative
// integers with a positive sum). Throws dataset::ConfigError.
struct SplitRatio {
    std::array<uint64_t, 3> parts{98, 1, 1};
    static SplitRatio parse(std::string_view text);
    std::string text() const;
    Split of_hash(uint64_t h) const;
};

class SplitGrouping {
  public:
    // Records in any order; `ordinal` numbers them 0, 1, 2, ...
    void add(uint64_t structure_hash, const analysis::MinHashSignature& signature);
    // Groups the records and returns the split of each ordinal.
    std::vector<Split> assign(const SplitRatio& ratio);
    uint64_t groups() const { return groups_; }
    uint64_t grouped_records() const { return grouped_; } // records in groups of two or more

  private:
    uint32_t find(uint32_t i);
    void unite(uint32_t a, uint32_t b);
    void unite_equal_hashes();
    void unite_band(int band);

    std::vector<uint64_t> hashes_;
    std::vector<analysis::MinHashSignature> signatures_;
    std::vector<uint32_t> parent_;
    uint64_t groups_ = 0, grouped_ = 0;
};

} // namespace ws::exporting
