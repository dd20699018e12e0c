// An LSH index over the signatures of reference kernels: candidates by the
// near-duplicate estimator's band keys (dataset/near_dup.h, 16 bands x 8
// rows), confirmed on the full signature.
#pragma once

#include "analysis/fingerprint.h"
#include "export/references.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace ws::exporting {

struct ReferenceMatch {
    uint32_t reference = 0; // index into the ReferenceSet's kernels
    double similarity = 0;  // estimated Jaccard
};

class ReferenceIndex {
  public:
    ReferenceIndex(const ReferenceSet& references, double threshold);

    // The most similar reference with estimated Jaccard >= the threshold among
    // the LSH candidates (the first in reference order on a tie). Thread-safe.
    std::optional<ReferenceMatch> best_match(const analysis::MinHashSignature& signature) const;

  private:
    const ReferenceSet& references_;
    double threshold_;
    std::unordered_multimap<uint64_t, uint32_t> bands_;
};

// A signature of nothing (a source the lexer rejects, or no tokens): never a match.
bool is_empty_signature(const analysis::MinHashSignature& signature);

} // namespace ws::exporting
