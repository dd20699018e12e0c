#include "export/reference_index.h"

#include "dataset/near_dup.h"

#include <limits>

namespace ws::exporting {

using dataset::NearDupEstimator;

bool is_empty_signature(const analysis::MinHashSignature& signature) {
    for (uint32_t v : signature)
        if (v != std::numeric_limits<uint32_t>::max()) return false;
    return true;
}

ReferenceIndex::ReferenceIndex(const ReferenceSet& references, double threshold)
    : references_(references), threshold_(threshold) {
    for (size_t i = 0; i < references.kernels.size(); ++i) {
        const auto& s = references.kernels[i].signature;
        if (is_empty_signature(s)) continue;
        for (int b = 0; b < NearDupEstimator::kBands; ++b)
            bands_.emplace(NearDupEstimator::band_key(s, b), static_cast<uint32_t>(i));
    }
}

std::optional<ReferenceMatch> ReferenceIndex::best_match(const analysis::MinHashSignature& signature) const {
    if (is_empty_signature(signature)) return std::nullopt;
    std::optional<ReferenceMatch> best;
    for (int b = 0; b < NearDupEstimator::kBands; ++b) {
        auto [first, last] = bands_.equal_range(NearDupEstimator::band_key(signature, b));
        for (auto it = first; it != last; ++it) {
            double j = analysis::estimated_jaccard(references_.kernels[it->second].signature, signature);
            if (j < threshold_) continue;
            if (!best || j > best->similarity || (j == best->similarity && it->second < best->reference))
                best = ReferenceMatch{it->second, j};
        }
    }
    return best;
}

} // namespace ws::exporting
