#include "dataset/verification_figures.h"

#include <cmath>

namespace ws::dataset {

namespace {

bool starts_with(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

double share(uint64_t a, uint64_t b) {
    return b == 0 ? 0.0 : std::round(static_cast<double>(a) / static_cast<double>(b) * 1e6) / 1e6;
}

} // namespace

NonFinite non_finite_kind(const std::string& executed) {
    if (starts_with(executed, "fail: nan in the outputs")) return NonFinite::Nan;
    if (starts_with(executed, "fail: inf in the outputs")) return NonFinite::Inf;
    if (starts_with(executed, "fail: non-finite value after the forward pass")) {
        // The old form named one value: "... x[3] = nan" or "= inf" / "= -inf".
        const size_t eq = executed.rfind(" = ");
        return eq != std::string::npos && executed.find("nan", eq) != std::string::npos ? NonFinite::Nan
                                                                                        : NonFinite::Inf;
    }
    return NonFinite::None;
}

void VerificationFigures::add(const Verdicts& v) {
    if (v.executed == "pass") {
        ++executed_pass;
    } else if (starts_with(v.executed, "skipped: ")) {
        ++not_run[v.executed.substr(9)];
    } else if (starts_with(v.executed, "fail")) {
        switch (non_finite_kind(v.executed)) {
        case NonFinite::Nan: ++non_finite_nan; break;
        case NonFinite::Inf: ++non_finite_inf; break;
        case NonFinite::None: ++other_execution_failures; break;
        }
    }
    if (v.depends_on_inputs == "pass" || starts_with(v.depends_on_inputs, "fail")) {
        ++dependence_checked;
        if (v.depends_on_inputs != "pass") ++outputs_ignore_inputs;
    }
}

void VerificationFigures::merge(const VerificationFigures& o) {
    executed_pass += o.executed_pass;
    non_finite_nan += o.non_finite_nan;
    non_finite_inf += o.non_finite_inf;
    other_execution_failures += o.other_execution_failures;
    dependence_checked += o.dependence_checked;
    outputs_ignore_inputs += o.outputs_ignore_inputs;
    for (const auto& [reason, n] : o.not_run) not_run[reason] += n;
}

nlohmann::json VerificationFigures::to_json() const {
    return nlohmann::json{
        {"executed",
         {{"pass", executed_pass},
          {"non_finite", non_finite()},
          {"non_finite_nan", non_finite_nan},
          {"non_finite_inf", non_finite_inf},
          {"other_failures", other_execution_failures},
          {"not_run", not_run}}},
        {"depends_on_inputs",
         {{"checked", dependence_checked},
          {"outputs_ignore_inputs", outputs_ignore_inputs},
          {"outputs_ignore_inputs_share", share(outputs_ignore_inputs, dependence_checked)}}}};
}

} // namespace ws::dataset
