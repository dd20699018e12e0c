// Verdict bookkeeping: what a verdict string says, whether a record counts as
// verified, and totals over many records for stats.json and the dataset card.
#pragma once

#include "dataset/record.h"
#include "dataset/verification_figures.h"

#include <cstddef>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace ws::verify {

enum class VerdictKind { Missing, Pass, Fail, Skipped };

VerdictKind verdict_kind(const std::string& verdict);

// The stable part of a verdict, for grouping: "fail: non-finite value after
// the forward pass: out[3] = nan" -> "non-finite value after the forward pass".
std::string verdict_reason(const std::string& verdict);

// A record is verified when no verdict is a failure (steps that could not run
// here, like the GPU or a CUDA compile without NVRTC, are skipped, not failed;
// depends_on_inputs counts like the others: outputs that ignore the inputs
// make a record unverified) and at least one compilation passed. `generate --verify --drop-failed`
// keeps exactly these.
bool is_verified(const dataset::Verdicts& v);

struct VerdictCounts {
    size_t pass = 0, fail = 0, skipped = 0, missing = 0;
    std::map<std::string, size_t> fail_reasons, skip_reasons;
    void add(const std::string& verdict);
    void merge(const VerdictCounts& o);
};

struct VerifyTotals {
    size_t records = 0;
    size_t verified = 0;
    VerdictCounts compiled_cuda, compiled_cpu, executed, grad_check, depends_on_inputs;
    VerdictCounts gpu;                    // only from a verification run (records do not store it)
    dataset::VerificationFigures figures; // non-finite outputs, outputs that ignore the inputs
    double seconds = 0.0;

    void add(const dataset::Verdicts& v);
    void merge(const VerifyTotals& o);
    // {"records":N,"verified":N,"compiled_cuda":{"pass":..,"fail":..,"skipped":..,"fail_reasons":{..},...},...}
    nlohmann::json to_json() const;
    // A few human-readable lines (the CLI prints them).
    std::string summary() const;
};

// Totals of the verdicts stored in records (for `stats` on a verified dataset).
VerifyTotals totals_of(const std::vector<dataset::Record>& records);

} // namespace ws::verify
