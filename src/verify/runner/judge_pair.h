// What the runner does with one candidate in judge mode (`warpsynth judge`):
// pair k names the record's own kernel (the reference) and the candidate in
// the batch's table, compiled from the same argument struct and launch, and
// given the same record id so that both draw the same inputs.
//
// For each of `draws` input draws (seeds seed, seed+1, ...), both kernels run
// forward from the same initial state and every array argument is compared
// afterwards, component by component, with the tolerance of its scalar type
// (output_tolerance). The candidate must write some array in some draw, and
// its outputs must depend on its inputs (input_dependence.h, on the first
// draw). Then, when both kernels have a backward pass, both run it on the
// first draw with the same output seeds (the loss weights), and the adjoints
// of every array are compared (gradient_tolerance).
//
// Verdicts, each "pass", "fail: <reason>" or "skipped: <reason>":
//   executed  the candidate ran (crashes, time-outs and bounds checks are the
//             runner client's, as in verify)
//   outputs   the outputs agree; "fail: <arg>[i]: <candidate> (candidate) vs
//             <reference> (reference), draw d" names the first difference
//   depends   "fail: no output: ..." when the candidate changed no array in any draw, else
//             input_dependence's verdict
//   grad      the adjoints agree (the parent decides whether they count)
#pragma once

#include "verify/runner/abi.h"

#include <cstdint>
#include <string>

namespace ws::verify::runner {

struct JudgeVerdicts {
    std::string executed, outputs, depends, grad;
};

// |candidate - reference| <= atol + rtol * max(|candidate|, |reference|) per scalar type;
// integers and bools compare exactly. Non-finite references must be matched exactly (nan by nan).
struct CompareTolerance {
    double atol, rtol;
};
CompareTolerance output_tolerance(int scalar);
CompareTolerance gradient_tolerance(int scalar);

JudgeVerdicts judge_pair(const ws_record_entry& reference, const ws_record_entry& candidate, long index,
                         uint64_t seed, int draws);

} // namespace ws::verify::runner
