#include "verify/runner/judge_pair.h"

#include "verify/runner/input_dependence.h"
#include "verify/runner/record_run.h"
#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace ws::verify::runner {

CompareTolerance output_tolerance(int scalar) {
    switch (scalar) {
    case WS_F16: return {1e-2, 1e-2};
    case WS_BF16: return {1e-1, 1e-1};
    case WS_F32: return {1e-5, 1e-4};
    case WS_F64: return {1e-12, 1e-9};
    default: return {0.0, 0.0};
    }
}

CompareTolerance gradient_tolerance(int scalar) {
    // Adjoints sum many products: a rewrite that reassociates them moves the last digits further.
    switch (scalar) {
    case WS_F16: return {5e-2, 5e-2};
    case WS_BF16: return {2e-1, 2e-1};
    case WS_F32: return {1e-4, 1e-3};
    case WS_F64: return {1e-10, 1e-8};
    default: return {0.0, 0.0};
    }
}

namespace {

bool agree(double c, double r, const CompareTolerance& t) {
    if (!std::isfinite(r) || !std::isfinite(c))
        return (std::isnan(r) && std::isnan(c)) || c == r; // a non-finite value matches only itself
    return std::fabs(c - r) <= t.atol + t.rtol * std::max(std::fabs(c), std::fabs(r));
}

// The first array component on which the candidate and the reference disagree, or nullopt.
std::optional<std::string> first_disagreement(RecordRun& cand, RecordRun& ref, bool adjoint,
                                              CompareTolerance (*tolerance)(int)) {
    for (size_t i = 0; i < ref.args().size(); ++i) {
        ArgBuffers& r = ref.args()[i];
        ArgBuffers& c = cand.args()[i];
        if (!r.is_array()) continue;
        uint8_t* rb = adjoint ? r.adjoint.data : r.primal.data;
        uint8_t* cb = adjoint ? c.adjoint.data : c.primal.data;
        for (int64_t e = 0; e < r.count; ++e)
            for (int k = 0; k < r.desc.ncomp; ++k) {
                const int s = r.desc.comps[k].scalar;
                const double rv = load_scalar(r.component(rb, e, k), s);
                const double cv = load_scalar(c.component(cb, e, k), s);
                if (!agree(cv, rv, tolerance(s)))
                    return (adjoint ? "adjoint of " : "") + r.element_name(e, k) + ": " + fmt_double(cv) +
                           " (candidate) vs " + fmt_double(rv) + " (reference)";
            }
    }
    return std::nullopt;
}

bool wrote_any_array(RecordRun& run) {
    for (ArgBuffers& a : run.args())
        if (a.is_array() && !std::equal(a.initial.begin(), a.initial.end(), a.primal.data)) return true;
    return false;
}

// Same argument layouts (the parent checks the argument structs; this guards the draws).
bool same_layout(RecordRun& cand, RecordRun& ref) {
    if (cand.args().size() != ref.args().size()) return false;
    for (size_t i = 0; i < ref.args().size(); ++i)
        if (cand.args()[i].initial != ref.args()[i].initial ||
            cand.args()[i].desc.ncomp != ref.args()[i].desc.ncomp)
            return false;
    return true;
}

std::string compare_gradients(RecordRun& cand, RecordRun& ref) {
    if (!ref.entry().backward) return "skipped: the record has no backward pass";
    if (!cand.entry().backward) return "fail: the candidate has no backward pass";
    if (ref.output_weights().empty()) return "skipped: no float output array to form a loss";
    for (RecordRun* run : {&ref, &cand}) {
        run->reset();
        run->forward();
        take_backward_assert();
        run->backward(); // seeds the adjoints of the outputs with the loss weights, the same for both
    }
    take_backward_assert();
    if (auto diff = first_disagreement(cand, ref, true, gradient_tolerance)) return "fail: " + *diff;
    return "pass";
}

} // namespace

JudgeVerdicts judge_pair(const ws_record_entry& reference, const ws_record_entry& candidate, long index,
                         uint64_t seed, int draws) {
    JudgeVerdicts v;
    auto not_run = [&](std::string executed) {
        v.executed = std::move(executed);
        v.outputs = v.depends = v.grad = "skipped: not executed";
        return v;
    };
    if (reference.skip_reason) return not_run(std::string("skipped: ") + reference.skip_reason);
    if (candidate.skip_reason) return not_run(std::string("skipped: ") + candidate.skip_reason);
    RecordRun ref0(reference, seed), cand0(candidate, seed);
    if (!ref0.unsupported().empty()) return not_run("skipped: " + ref0.unsupported());
    if (!cand0.unsupported().empty()) return not_run("skipped: " + cand0.unsupported());
    if (!same_layout(cand0, ref0))
        return not_run("fail: the candidate's arguments are not laid out as the record's");

    bool wrote = false;
    std::vector<std::vector<uint8_t>> first;
    for (int d = 0; d < std::max(1, draws); ++d) {
        std::optional<RecordRun> ref_d, cand_d;
        if (d > 0) {
            ref_d.emplace(reference, seed + uint64_t(d));
            cand_d.emplace(candidate, seed + uint64_t(d));
        }
        RecordRun& ref = d ? *ref_d : ref0;
        RecordRun& cand = d ? *cand_d : cand0;
        ref.reset();
        ref.forward();
        cand.reset();
        cand.forward();
        wrote = wrote || wrote_any_array(cand);
        if (d == 0)
            for (ArgBuffers& a : cand.args()) first.emplace_back(a.primal.data, a.primal.data + a.bytes());
        if (v.outputs.empty())
            if (auto diff = first_disagreement(cand, ref, false, output_tolerance))
                v.outputs = "fail: " + *diff + ", draw " + std::to_string(d);
    }
    if (v.outputs.empty()) v.outputs = "pass";
    report_redrawing(index);
    v.depends = wrote ? input_dependence(cand0, first)
                      : "fail: no output: the candidate leaves every array as it was";
    v.executed = "pass";
    report_forward_done(index, v.executed, v.depends, v.outputs);
    v.grad = compare_gradients(cand0, ref0);
    return v;
}

} // namespace ws::verify::runner
