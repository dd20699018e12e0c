// One candidate set beside the record it answers, ready for a batch: both
// kernels' CPU code (the record's as verify takes it, the candidate's
// compiled by warpsynth), the record's launch plan (used for both), and what
// is already known of the verdict (compile errors, a signature that differs).
#pragma once

#include "dataset/record.h"
#include "judge/judge.h"
#include "judge/verdict.h"
#include "verify/launch_plan.h"
#include "verify/record_code.h"

#include <string>

namespace ws::judge {

struct Pair {
    const dataset::Record* reference = nullptr;
    dataset::Record candidate_record; // the record's id and kernel name: the runner draws the same inputs
    verify::RecordCode reference_code, candidate_code;
    verify::LaunchPlan plan;
    std::string no_gradient_reason; // non-empty: gradients are not compared, and why
    bool ready = false;             // both kernels go to the host compiler
};

// Fills `pair` and the parts of `v` known before anything runs. `reference` may be null (unknown id).
void prepare_pair(Pair& pair, Verdict& v, const Candidate& c, const dataset::Record* reference);

// Empty when the candidate's argument struct and launch dimensionality are the record's, else
// what differs ("parameter 2 is `y: wp::array_t<wp::float32>`, the record's is ...").
std::string signature_difference(const verify::RecordCode& candidate, const verify::RecordCode& reference);

} // namespace ws::judge
