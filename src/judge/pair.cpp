#include "judge/pair.h"

#include "syntax/source.h"
#include "verify/differentiability.h"

#include <fmt/format.h>

namespace ws::judge {

namespace {

std::string describe(const std::vector<verify::FieldDecl>& fields, size_t i) {
    return i < fields.size() ? fmt::format("`{}: {}`", fields[i].name, fields[i].type) : "absent";
}

// The record's CPU code as verify runs it: its own, or recompiled from python_source.
verify::RecordCode reference_code(const dataset::Record& r) {
    verify::RecordCode code = verify::cpu_code(r);
    return code.present ? code : verify::cpu_code_recompiled(r);
}

// Compiles the candidate; the compiler's message goes to v.compile_error when warpsynth refuses it.
bool compile_candidate(Pair& p, Verdict& v, const Candidate& c) {
    const std::string path = c.path.empty() ? "candidate.py" : c.path;
    try {
        std::optional<verify::RecordCode> code =
            verify::compile_cpu_code(c.source, path, p.reference->kernel_name);
        if (!code) {
            v.compile_error = fmt::format("{}: error: no kernel named {} (and not exactly one @wp.kernel)",
                                          path, p.reference->kernel_name);
            return false;
        }
        p.candidate_code = std::move(*code);
    } catch (const CompileError& e) {
        v.compile_error = e.format();
        return false;
    } catch (const std::exception& e) {
        v.compile_error = fmt::format("{}: error: {}", path, e.what());
        return false;
    }
    if (!p.candidate_code.error.empty()) {
        v.compile_error = path + ": error: " + p.candidate_code.error;
        return false;
    }
    return true;
}

std::string no_gradient_reason(const dataset::Record& r, const verify::RecordCode& code) {
    if (!r.has_backward || !code.has_backward) return "the record has no backward pass";
    if (auto constructs = verify::warp_nondifferentiable_constructs(code.text); !constructs.empty())
        return constructs.front() + " is not differentiable in Warp";
    if (r.verification.grad_check.rfind("fail", 0) == 0) return "the record's own gradient check failed";
    return {};
}

} // namespace

std::string signature_difference(const verify::RecordCode& candidate, const verify::RecordCode& reference) {
    const auto& c = candidate.fields;
    const auto& r = reference.fields;
    for (size_t i = 0; i < std::max(c.size(), r.size()); ++i)
        if (i >= c.size() || i >= r.size() || c[i].name != r[i].name || c[i].type != r[i].type)
            return fmt::format("parameter {} is {} in the candidate, {} in the record", i + 1, describe(c, i),
                               describe(r, i));
    if (candidate.launch_ndim != reference.launch_ndim)
        return fmt::format("the candidate launches over {} dimensions (wp.tid()), the record over {}",
                           candidate.launch_ndim, reference.launch_ndim);
    return {};
}

void prepare_pair(Pair& p, Verdict& v, const Candidate& c, const dataset::Record* reference) {
    v.id = c.id;
    v.candidate = c.path;
    if (!c.error.empty()) {
        v.error = c.error;
        return;
    }
    if (!reference) {
        v.error = "no record with id " + c.id + " in the dataset";
        return;
    }
    p.reference = reference;
    p.reference_code = reference_code(*reference);
    if (!p.reference_code.error.empty()) {
        v.error = "the record's own kernel cannot be compiled: " + p.reference_code.error;
        return;
    }
    p.plan = verify::plan_launch(*reference, p.reference_code);
    if (!p.plan.error.empty()) {
        v.error = "the record's kernel cannot be launched: " + p.plan.error;
        return;
    }
    if (!compile_candidate(p, v, c)) return;
    v.compiles = true;
    v.signature_error = signature_difference(p.candidate_code, p.reference_code);
    v.signature_matches = v.signature_error.empty();
    if (!*v.signature_matches) return;
    p.candidate_record.id = reference->id;
    p.candidate_record.kernel_name = reference->kernel_name;
    p.no_gradient_reason = no_gradient_reason(*reference, p.reference_code);
    p.ready = true;
}

} // namespace ws::judge
