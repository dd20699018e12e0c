// Dataset statistics, folded over records in dataset order with bounded
// memory: counts by category, exact line-count histograms (a map from line
// count to records, bounded by the number of distinct counts), builtin and
// feature usage, verification verdicts and their figures (verification_figures.h)
// (and, once verified, the records dropped as unverified), dedup counts, the
// near-duplicate estimate (near_dup.h) and code health (analysis/health.h). `to_json` is
// stats.json without its machine-dependent
// "timing" part, so it is a pure function of the records and shard counts.
#pragma once

#include "analysis/fingerprint.h"
#include "analysis/health.h"
#include "dataset/manifest.h"
#include "dataset/near_dup.h"
#include "dataset/record.h"
#include "dataset/verification_figures.h"
#include "types/name_hash.h"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

namespace ws::dataset {

struct Distribution {
    std::map<int, uint64_t> counts; // value -> records
    void add(int v) { ++counts[v]; }
    uint64_t total() const;
    int percentile(double p) const; // nearest-rank
    double mean() const;
    nlohmann::json to_json() const;
    // Histogram of at most `bins` log-spaced bins over [min, max].
    std::vector<std::pair<std::string, uint64_t>> bins(int bins) const;
};

// What the statistics need from a record's python_source besides its metadata,
// computed where the source is at hand (generate computes it in its parallel
// stage, then drops the source).
struct SourceMeasures {
    analysis::MinHashSignature signature{};
    analysis::HealthCounts health;
};

SourceMeasures measure_source(const std::string& python_source);

class StatsCollector {
  public:
    void add_record(const Record& r, const SourceMeasures& measures);
    // Counts of a completed shard (candidates, drops and failures).
    void add_shard_counts(const ShardEntry& e);
    // A record found twice in the data itself (validate/stats on a damaged dataset).
    void add_duplicate_in_data() { ++duplicates_in_data_; }

    uint64_t records() const { return records_; }
    nlohmann::json to_json() const;

    const std::map<std::string, uint64_t>& by_category() const { return by_category_; }
    const Distribution& python_lines() const { return python_lines_; }
    const Distribution& forward_lines() const { return forward_lines_; }
    const Distribution& backward_lines() const { return backward_lines_; }

  private:
    uint64_t records_ = 0, candidates_ = 0, duplicates_ = 0, compile_failures_ = 0, source_failures_ = 0;
    uint64_t with_backward_ = 0, duplicates_in_data_ = 0;
    uint64_t verification_dropped_ = 0;
    uint64_t oversized_ = 0;    // over the size limit on a record's code
    bool any_verified_ = false; // some shard went through the verification pass
    std::map<std::string, uint64_t> by_category_, by_device_, failure_reasons_;
    // Counted for every name of every record, read once at the end: hashed, sorted when written.
    using NameCounts = std::unordered_map<std::string, uint64_t, NameHash, std::equal_to<>>;
    NameCounts builtins_, features_;
    std::map<std::string, uint64_t> by_license_; // of extracted records (metadata.origin)
    std::map<std::string, std::map<std::string, uint64_t>> verdicts_;
    Distribution python_lines_, forward_lines_, backward_lines_;
    NearDupEstimator near_dup_;
    analysis::HealthCounts health_;
    VerificationFigures verification_figures_;
};

} // namespace ws::dataset
