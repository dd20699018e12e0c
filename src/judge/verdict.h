// The verdict of `warpsynth judge` on one candidate kernel, and its JSON form
// (one object per candidate; the schema is in README.md and docs/training.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ws::judge {

struct Verdict {
    std::string id;        // the record the candidate answers
    std::string candidate; // its path, when it came from a file
    std::string error;     // the judge could not judge it (unknown id, unreadable file)

    bool compiles = false;
    std::string compile_error; // warpsynth's `file:line:col: error: ...`, or the host compiler's
    std::optional<bool> signature_matches;
    std::string signature_error;
    std::optional<bool> runs;
    std::string run_error; // crash, time-out, out-of-bounds access, ...
    std::optional<bool> outputs_match;
    std::string mismatch; // first differing element, its two values and the draw
    std::optional<bool> writes_output;
    std::optional<bool> input_dependent;
    std::string input_dependence; // the verifier's verdict when it fails
    bool gradients_checked = false;
    std::optional<bool> gradients_match;
    std::string gradients; // the first differing adjoint, or why gradients were not checked

    // Everything that was checked passed (gradients only when checked).
    bool passed() const;
};

nlohmann::ordered_json to_json(const Verdict& v);

// Fills the run fields of `v` from the runner's four verdicts in judge mode
// (runner/judge_pair.h) and `no_gradient_reason` (non-empty: the record's
// gradients are not to be compared, and why).
void apply_run(Verdict& v, const std::string& executed, const std::string& outputs,
               const std::string& depends, const std::string& grad, const std::string& no_gradient_reason);

} // namespace ws::judge
