// The near-duplicate rate of a dataset with bounded memory.
//
// Definition: a record "has a near duplicate" when some record after it in
// dataset order has an estimated Jaccard similarity >= 0.7 over token
// 5-grams (MinHash, analysis/fingerprint.h). The share of such records is the share
// that near-dedup (keep one record per cluster of near copies) would remove,
// as BigCode measures it for The Stack; exact copies are already gone.
//
// Method: a uniform sample of records (those whose id hash falls under a
// threshold) is kept as "queries" with their signatures in an LSH index
// (16 bands x 8 rows: candidate threshold (1/16)^(1/8) ~ 0.71). Every record
// that streams by afterwards is looked up by its 16 band keys, and each
// candidate query whose signature agrees with it on >= 70% of the entries is
// marked. The estimate is the marked share of the queries: every query sees
// every record after it, so it is unbiased, and its standard error is at
// most 0.5/sqrt(queries). When the sample outgrows `max_queries` the
// threshold is halved and the queries above it are dropped, which leaves
// exactly the sample that the final threshold would have chosen from the
// start: the result depends only on the records and their order. Memory is
// about 700 bytes per query (4096 queries: under 3 MB) whatever the size of
// the dataset.
#pragma once

#include "analysis/fingerprint.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ws::dataset {

class NearDupEstimator {
  public:
    static constexpr double kThreshold = 0.7;
    static constexpr int kBands = 16;
    static constexpr int kRows = analysis::kMinHashSize / kBands;

    explicit NearDupEstimator(size_t max_queries = 4096) : max_queries_(max_queries) {}

    // Records in dataset order. `sample_key` is a uniform hash of the record's id.
    void add(uint64_t sample_key, const analysis::MinHashSignature& signature);

    uint64_t records() const { return records_; }
    uint64_t sample_size() const;
    uint64_t sample_with_near_duplicate() const;
    // Marked share of the sample (0 when the sample is empty).
    double rate() const;

    // The LSH key of one band of a signature (also export's near-duplicate grouping).
    static uint64_t band_key(const analysis::MinHashSignature& s, int band);

  private:
    struct Query {
        uint64_t key;
        analysis::MinHashSignature signature;
        bool marked = false;
    };
    void rebuild_index();

    size_t max_queries_;
    uint64_t threshold_ = UINT64_MAX; // keys < threshold_ (or all, at UINT64_MAX) are sampled
    uint64_t records_ = 0;
    std::vector<Query> queries_;
    std::unordered_multimap<uint64_t, uint32_t> index_;
};

} // namespace ws::dataset
