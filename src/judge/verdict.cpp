#include "judge/verdict.h"

namespace ws::judge {

namespace {

bool starts_with(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

// "fail: why" -> "why"; other verdicts as they are.
std::string reason(const std::string& verdict) {
    return starts_with(verdict, "fail: ") ? verdict.substr(6) : verdict;
}

nlohmann::ordered_json text_or_null(const std::string& s) {
    return s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s);
}

nlohmann::ordered_json flag(const std::optional<bool>& b) {
    return b ? nlohmann::ordered_json(*b) : nlohmann::ordered_json(nullptr);
}

} // namespace

bool Verdict::passed() const {
    return error.empty() && compiles && signature_matches.value_or(false) && runs.value_or(false) &&
           outputs_match.value_or(false) && writes_output.value_or(false) &&
           input_dependent.value_or(false) && (!gradients_checked || gradients_match.value_or(false));
}

void apply_run(Verdict& v, const std::string& executed, const std::string& outputs,
               const std::string& depends, const std::string& grad, const std::string& no_gradient_reason) {
    v.runs = executed == "pass";
    if (!*v.runs) {
        v.run_error =
            starts_with(executed, "skipped: ") ? "not run: " + executed.substr(9) : reason(executed);
        return;
    }
    if (outputs == "pass" || starts_with(outputs, "fail: ")) {
        v.outputs_match = outputs == "pass";
        if (!*v.outputs_match) v.mismatch = reason(outputs);
    }
    const bool wrote_nothing = starts_with(depends, "fail: no output:");
    v.writes_output = !wrote_nothing;
    if (!wrote_nothing && (depends == "pass" || starts_with(depends, "fail: "))) {
        v.input_dependent = depends == "pass";
        if (!*v.input_dependent) v.input_dependence = reason(depends);
    } else if (wrote_nothing) {
        v.input_dependent = false;
        v.input_dependence = reason(depends);
    }
    if (!no_gradient_reason.empty()) {
        v.gradients = no_gradient_reason;
    } else if (grad == "pass" || starts_with(grad, "fail: ")) {
        v.gradients_checked = true;
        v.gradients_match = grad == "pass";
        if (!*v.gradients_match) v.gradients = reason(grad);
    } else {
        v.gradients = starts_with(grad, "skipped: ") ? grad.substr(9) : grad;
    }
}

nlohmann::ordered_json to_json(const Verdict& v) {
    nlohmann::ordered_json j;
    j["id"] = v.id;
    if (!v.candidate.empty()) j["candidate"] = v.candidate;
    j["passed"] = v.passed();
    j["error"] = text_or_null(v.error);
    j["compiles"] = v.compiles;
    j["compile_error"] = text_or_null(v.compile_error);
    j["signature_matches"] = flag(v.signature_matches);
    j["signature_error"] = text_or_null(v.signature_error);
    j["runs"] = flag(v.runs);
    j["run_error"] = text_or_null(v.run_error);
    j["outputs_match"] = flag(v.outputs_match);
    j["mismatch"] = text_or_null(v.mismatch);
    j["writes_output"] = flag(v.writes_output);
    j["input_dependent"] = flag(v.input_dependent);
    j["input_dependence_error"] = text_or_null(v.input_dependence);
    j["gradients_checked"] = v.gradients_checked;
    j["gradients_match"] = flag(v.gradients_match);
    j["gradients_note"] = text_or_null(v.gradients);
    return j;
}

} // namespace ws::judge
