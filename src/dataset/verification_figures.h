// The verification figures that stats.json, the dataset card and `verify`'s
// summary state on their own, beyond the per-check verdict counts: kernels
// whose outputs are not finite (nan or inf), counted apart from other
// execution failures, and kernels whose outputs ignore their inputs.
#pragma once

#include "dataset/record.h"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace ws::dataset {

enum class NonFinite { None, Nan, Inf };

// What an `executed` verdict says about non-finite outputs: "fail: nan in the
// outputs: ..." / "fail: inf in the outputs: ..." (and, from verifiers before
// these, "fail: non-finite value after the forward pass: x[3] = nan").
NonFinite non_finite_kind(const std::string& executed);

struct VerificationFigures {
    uint64_t executed_pass = 0;
    uint64_t non_finite_nan = 0, non_finite_inf = 0; // executed failed: outputs with nan (or only inf)
    uint64_t other_execution_failures = 0;           // executed failed for any other reason
    uint64_t dependence_checked = 0;                 // depends_on_inputs passed or failed
    uint64_t outputs_ignore_inputs = 0;              // depends_on_inputs failed
    // executed skipped, by reason (the text after "skipped: "): what the verifier could not run
    // (a kernel that queries a mesh or a hash grid it cannot build, no host compiler, ...).
    std::map<std::string, uint64_t> not_run;

    void add(const Verdicts& v);
    void merge(const VerificationFigures& o);
    bool any() const {
        return executed_pass + non_finite() + other_execution_failures + dependence_checked > 0 ||
               !not_run.empty();
    }
    uint64_t non_finite() const { return non_finite_nan + non_finite_inf; }
    // {"executed": {"pass", "non_finite", "non_finite_nan", "non_finite_inf", "other_failures",
    //               "not_run": {reason: count}},
    //  "depends_on_inputs": {"checked", "outputs_ignore_inputs", "outputs_ignore_inputs_share"}}
    nlohmann::json to_json() const;
};

} // namespace ws::dataset
