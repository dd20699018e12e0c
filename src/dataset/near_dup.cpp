#include "dataset/near_dup.h"

#include <algorithm>
#include <xxhash.h>

namespace ws::dataset {

uint64_t NearDupEstimator::band_key(const analysis::MinHashSignature& s, int band) {
    return XXH3_64bits_withSeed(&s[static_cast<size_t>(band) * kRows], kRows * sizeof(uint32_t),
                                static_cast<uint64_t>(band));
}

void NearDupEstimator::add(uint64_t sample_key, const analysis::MinHashSignature& signature) {
    ++records_;
    uint64_t keys[kBands];
    for (int b = 0; b < kBands; ++b) keys[b] = band_key(signature, b);
    for (int b = 0; b < kBands; ++b) {
        auto [first, last] = index_.equal_range(keys[b]);
        for (auto it = first; it != last; ++it) {
            Query& q = queries_[it->second];
            if (!q.marked && analysis::estimated_jaccard(q.signature, signature) >= kThreshold)
                q.marked = true;
        }
    }
    bool sampled = threshold_ == UINT64_MAX || sample_key < threshold_;
    if (!sampled) return;
    queries_.push_back(Query{sample_key, signature, false});
    auto id = static_cast<uint32_t>(queries_.size() - 1);
    for (int b = 0; b < kBands; ++b) index_.emplace(keys[b], id);
    if (queries_.size() > max_queries_) {
        while (queries_.size() > max_queries_) {
            threshold_ = threshold_ == UINT64_MAX ? (uint64_t{1} << 63) : threshold_ / 2;
            std::erase_if(queries_, [&](const Query& q) { return q.key >= threshold_; });
        }
        rebuild_index();
    }
}

void NearDupEstimator::rebuild_index() {
    index_.clear();
    for (uint32_t i = 0; i < queries_.size(); ++i)
        for (int b = 0; b < kBands; ++b) index_.emplace(band_key(queries_[i].signature, b), i);
}

uint64_t NearDupEstimator::sample_size() const {
    return queries_.size();
}

uint64_t NearDupEstimator::sample_with_near_duplicate() const {
    return static_cast<uint64_t>(
        std::count_if(queries_.begin(), queries_.end(), [](const Query& q) { return q.marked; }));
}

double NearDupEstimator::rate() const {
    return queries_.empty() ? 0.0 : static_cast<double>(sample_with_near_duplicate()) / queries_.size();
}

} // namespace ws::dataset
