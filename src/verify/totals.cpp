#include "verify/totals.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ws::verify {

VerdictKind verdict_kind(const std::string& v) {
    if (v.empty()) return VerdictKind::Missing;
    if (v == "pass") return VerdictKind::Pass;
    if (v.rfind("fail", 0) == 0) return VerdictKind::Fail;
    if (v.rfind("skipped", 0) == 0) return VerdictKind::Skipped;
    return VerdictKind::Fail; // anything else is not a recognised success
}

std::string verdict_reason(const std::string& v) {
    size_t colon = v.find(": ");
    if (colon == std::string::npos) return v;
    std::string rest = v.substr(colon + 2);
    // Up to the detail: the next ": " or " (".
    size_t cut = std::min(rest.find(": "), rest.find(" ("));
    return cut == std::string::npos ? rest : rest.substr(0, cut);
}

bool is_verified(const dataset::Verdicts& v) {
    for (const std::string* s :
         {&v.compiled_cuda, &v.compiled_cpu, &v.executed, &v.grad_check, &v.depends_on_inputs})
        if (verdict_kind(*s) == VerdictKind::Fail) return false;
    return verdict_kind(v.compiled_cuda) == VerdictKind::Pass ||
           verdict_kind(v.compiled_cpu) == VerdictKind::Pass;
}

void VerdictCounts::add(const std::string& v) {
    switch (verdict_kind(v)) {
    case VerdictKind::Pass: ++pass; break;
    case VerdictKind::Fail:
        ++fail;
        ++fail_reasons[verdict_reason(v)];
        break;
    case VerdictKind::Skipped:
        ++skipped;
        ++skip_reasons[verdict_reason(v)];
        break;
    case VerdictKind::Missing: ++missing; break;
    }
}

void VerdictCounts::merge(const VerdictCounts& o) {
    pass += o.pass;
    fail += o.fail;
    skipped += o.skipped;
    missing += o.missing;
    for (auto& [k, n] : o.fail_reasons) fail_reasons[k] += n;
    for (auto& [k, n] : o.skip_reasons) skip_reasons[k] += n;
}

void VerifyTotals::add(const dataset::Verdicts& v) {
    ++records;
    if (is_verified(v)) ++verified;
    compiled_cuda.add(v.compiled_cuda);
    compiled_cpu.add(v.compiled_cpu);
    executed.add(v.executed);
    grad_check.add(v.grad_check);
    depends_on_inputs.add(v.depends_on_inputs);
    figures.add(v);
}

void VerifyTotals::merge(const VerifyTotals& o) {
    records += o.records;
    verified += o.verified;
    compiled_cuda.merge(o.compiled_cuda);
    compiled_cpu.merge(o.compiled_cpu);
    executed.merge(o.executed);
    grad_check.merge(o.grad_check);
    depends_on_inputs.merge(o.depends_on_inputs);
    figures.merge(o.figures);
    gpu.merge(o.gpu);
    seconds += o.seconds;
}

namespace {

nlohmann::json counts_json(const VerdictCounts& c) {
    nlohmann::json j;
    j["pass"] = c.pass;
    j["fail"] = c.fail;
    j["skipped"] = c.skipped;
    if (c.missing) j["missing"] = c.missing;
    j["fail_reasons"] = c.fail_reasons;
    j["skip_reasons"] = c.skip_reasons;
    return j;
}

double percent(uint64_t n, uint64_t total) {
    return total ? 100.0 * double(n) / double(total) : 0.0;
}

// Outputs that ignore the inputs among the records checked; non-finite
// outputs among the records run (the two figures issue 15 asks for).
std::string figures_line(const dataset::VerificationFigures& f) {
    const uint64_t run = f.executed_pass + f.non_finite() + f.other_execution_failures;
    return fmt::format(
        "  outputs ignore the inputs: {} of {} checked ({:.2f}%); non-finite outputs: {} of {} run "
        "({:.2f}%: {} nan, {} inf only); other execution failures: {}\n",
        f.outputs_ignore_inputs, f.dependence_checked, percent(f.outputs_ignore_inputs, f.dependence_checked),
        f.non_finite(), run, percent(f.non_finite(), run), f.non_finite_nan, f.non_finite_inf,
        f.other_execution_failures);
}

std::string counts_line(const char* name, const VerdictCounts& c, size_t total) {
    auto pct = [&](size_t n) { return percent(n, total); };
    std::string s = fmt::format("  {:<17} pass {:>6} ({:5.1f}%)  fail {:>5}  skipped {:>5}", name, c.pass,
                                pct(c.pass), c.fail, c.skipped);
    for (auto& [reason, n] : c.fail_reasons) s += fmt::format("\n      fail {:>5}  {}", n, reason);
    for (auto& [reason, n] : c.skip_reasons) s += fmt::format("\n      skip {:>5}  {}", n, reason);
    return s + "\n";
}

} // namespace

nlohmann::json VerifyTotals::to_json() const {
    nlohmann::json j;
    j["records"] = records;
    j["verified"] = verified;
    j["compiled_cuda"] = counts_json(compiled_cuda);
    j["compiled_cpu"] = counts_json(compiled_cpu);
    j["executed"] = counts_json(executed);
    j["grad_check"] = counts_json(grad_check);
    j["depends_on_inputs"] = counts_json(depends_on_inputs);
    j["figures"] = figures.to_json();
    if (gpu.pass + gpu.fail + gpu.skipped > 0) j["gpu"] = counts_json(gpu);
    if (seconds > 0) {
        j["seconds"] = seconds;
        j["records_per_second"] = double(records) / seconds;
    }
    return j;
}

std::string VerifyTotals::summary() const {
    std::string s = fmt::format("verified {} of {} records", verified, records);
    if (seconds > 0) s += fmt::format(" in {:.1f} s ({:.1f} records/s)", seconds, double(records) / seconds);
    s += "\n";
    s += counts_line("compiled_cuda", compiled_cuda, records);
    s += counts_line("compiled_cpu", compiled_cpu, records);
    s += counts_line("executed", executed, records);
    s += counts_line("grad_check", grad_check, records);
    s += counts_line("depends_on_inputs", depends_on_inputs, records);
    if (gpu.pass + gpu.fail + gpu.skipped > 0) s += counts_line("gpu", gpu, records);
    return s + figures_line(figures);
}

VerifyTotals totals_of(const std::vector<dataset::Record>& records) {
    VerifyTotals t;
    for (const dataset::Record& r : records) t.add(r.verification);
    return t;
}

} // namespace ws::verify
