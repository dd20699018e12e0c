#include "analysis/summary.h"

#include <nlohmann/json.hpp>

namespace ws::analysis {

void Summary::count(const std::string& name, const char* unit, const std::string& value, uint64_t n) {
    Distribution& d = distributions_[name];
    d.unit = unit;
    d.counts[value] += n;
}

void Summary::add_kernel(const FunctionReport& k) {
    const BodyShape& s = k.shape;
    count("statements_per_kernel", "kernel", s.statements);
    count("lines_per_kernel", "kernel", k.end_line - k.line + 1);
    count("params_per_kernel", "kernel", static_cast<int>(k.params.size()));
    int builtin_calls = 0, atomics = 0;
    for (const auto& [name, n] : s.builtin_calls) {
        builtin_calls += n;
        count("builtins", "call", name, static_cast<uint64_t>(n));
    }
    count("builtin_calls_per_kernel", "kernel", builtin_calls);
    count("distinct_builtins_per_kernel", "kernel", static_cast<int>(s.builtin_calls.size()));
    for (const auto& [name, n] : s.atomics) {
        atomics += n;
        count("atomic_kinds", "atomic operation", name, static_cast<uint64_t>(n));
    }
    count("atomics_per_kernel", "kernel", atomics);
    count("loops_per_kernel", "kernel", s.for_constant + s.for_dynamic + s.for_other + s.while_loops);
    count("loop_kinds", "loop", "for_range_constant", static_cast<uint64_t>(s.for_constant));
    count("loop_kinds", "loop", "for_range_dynamic", static_cast<uint64_t>(s.for_dynamic));
    count("loop_kinds", "loop", "for_other", static_cast<uint64_t>(s.for_other));
    count("loop_kinds", "loop", "while", static_cast<uint64_t>(s.while_loops));
    count("branches_per_kernel", "kernel", s.branches);
    count("conditional_expressions_per_kernel", "kernel", s.conditional_expressions);
    count("helpers_called_per_kernel", "kernel", static_cast<int>(s.helpers_called.size()));
    count("constants_read_per_kernel", "kernel", static_cast<int>(s.constants_read.size()));
    for (const ParamShape& p : k.params) {
        count("param_kinds", "kernel parameter", p.is_array ? "array" : p.style);
        if (p.is_array) {
            count("annotation_styles", "array parameter", p.style);
            count("array_ndim", "array parameter", p.ndim);
            count("array_dtypes", "array parameter", p.dtype);
        } else if (!p.dtype.empty()) {
            count("value_param_types", "value parameter", p.dtype);
        }
    }
}

void Summary::add(const FileReport& report) {
    health_ += health_counts(report);
    if (!report.parsed()) return;
    int helpers = 0;
    for (const FunctionReport& f : report.functions) {
        if (f.is_kernel())
            add_kernel(f);
        else
            ++helpers;
    }
    count("helpers_per_file", "file", helpers);
    count("module_constants_per_file", "file", report.module_constants);
    count("structs_per_file", "file", report.structs);
}

nlohmann::json Summary::to_json() const {
    nlohmann::json dists = nlohmann::json::object();
    for (const auto& [name, d] : distributions_)
        dists[name] = nlohmann::json{{"unit", d.unit}, {"counts", d.counts}};
    return nlohmann::json{{"code_health", health_}, {"distributions", std::move(dists)}};
}

} // namespace ws::analysis
