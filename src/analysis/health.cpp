#include "analysis/health.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

namespace ws::analysis {

uint64_t HealthCounts::degenerate_total() const {
    return std::accumulate(degenerate.begin(), degenerate.end(), uint64_t{0});
}

HealthCounts& HealthCounts::operator+=(const HealthCounts& o) {
    files += o.files;
    unparsed_files += o.unparsed_files;
    kernels += o.kernels;
    helpers += o.helpers;
    assigned_names += o.assigned_names;
    dead_stores += o.dead_stores;
    files_with_dead_store += o.files_with_dead_store;
    kernels_with_dead_store += o.kernels_with_dead_store;
    loop_variables += o.loop_variables;
    unused_loop_variables += o.unused_loop_variables;
    kernel_params += o.kernel_params;
    unused_kernel_params += o.unused_kernel_params;
    helper_params += o.helper_params;
    ignored_helper_params += o.ignored_helper_params;
    for (int k = 0; k < kDegenerateKinds; ++k) degenerate[k] += o.degenerate[k];
    files_with_degenerate += o.files_with_degenerate;
    files_documented += o.files_documented;
    kernels_with_docstring += o.kernels_with_docstring;
    kernels_documented += o.kernels_documented;
    return *this;
}

HealthCounts health_counts(const FileReport& report) {
    HealthCounts c;
    c.files = 1;
    if (!report.parsed()) {
        c.unparsed_files = 1;
        return c;
    }
    bool dead = false, degenerate = false;
    for (const FunctionReport& f : report.functions) {
        const uint64_t unused = f.stub ? 0 : f.names.unused_params.size();
        const uint64_t params = f.stub ? 0 : f.params.size();
        if (f.is_kernel()) {
            ++c.kernels;
            c.kernel_params += params;
            c.unused_kernel_params += unused;
            c.kernels_with_dead_store += !f.names.dead.empty();
            c.kernels_with_docstring += f.docstring;
            c.kernels_documented += f.documented();
        } else {
            ++c.helpers;
            c.helper_params += params;
            c.ignored_helper_params += unused;
        }
        c.assigned_names += f.names.assigned.size();
        c.dead_stores += f.names.dead.size();
        c.loop_variables += f.names.loop_variables.size();
        c.unused_loop_variables += f.names.unused_loop_variables.size();
        for (const Degenerate& d : f.degenerate) ++c.degenerate[static_cast<int>(d.kind)];
        dead = dead || !f.names.dead.empty();
        degenerate = degenerate || !f.degenerate.empty();
    }
    c.files_with_dead_store = dead;
    c.files_with_degenerate = degenerate;
    c.files_documented = report.documented();
    return c;
}

namespace {
// What the counts read of a report: not the shapes.
constexpr AnalyzeOptions kCountsOnly{.keep_source = false, .shapes = false};
} // namespace

HealthCounts health_counts(std::string_view python_source) {
    return health_counts(analyze("<record>", std::string(python_source), kCountsOnly));
}

HealthCounts health_counts(const std::shared_ptr<const SourceFile>& source, const ast::Module& module,
                           std::span<const Token> tokens) {
    AnalyzeOptions options = kCountsOnly;
    options.tokens = tokens;
    return health_counts(analyze(source, module, options));
}

void to_json(nlohmann::json& j, const HealthCounts& c) {
    auto ratio = [](uint64_t a, uint64_t b) {
        return b == 0 ? 0.0 : std::round(static_cast<double>(a) / static_cast<double>(b) * 1e6) / 1e6;
    };
    nlohmann::json by_kind = nlohmann::json::object();
    for (int k = 0; k < kDegenerateKinds; ++k)
        by_kind[name_of(static_cast<DegenerateKind>(k))] = c.degenerate[k];
    const uint64_t parsed = c.files - c.unparsed_files;
    j = nlohmann::json{
        {"files", c.files},
        {"unparsed_files", c.unparsed_files},
        {"kernels", c.kernels},
        {"helpers", c.helpers},
        {"assigned_names", c.assigned_names},
        {"dead_stores", c.dead_stores},
        {"dead_store_rate", ratio(c.dead_stores, c.assigned_names)},
        {"files_with_dead_store", c.files_with_dead_store},
        {"files_with_dead_store_share", ratio(c.files_with_dead_store, parsed)},
        {"kernels_with_dead_store", c.kernels_with_dead_store},
        {"kernels_with_dead_store_share", ratio(c.kernels_with_dead_store, c.kernels)},
        {"loop_variables", c.loop_variables},
        {"unused_loop_variables", c.unused_loop_variables},
        {"kernel_params", c.kernel_params},
        {"unused_kernel_params", c.unused_kernel_params},
        {"unused_kernel_param_rate", ratio(c.unused_kernel_params, c.kernel_params)},
        {"helper_params", c.helper_params},
        {"ignored_helper_params", c.ignored_helper_params},
        {"ignored_helper_param_rate", ratio(c.ignored_helper_params, c.helper_params)},
        {"degenerate_expressions", c.degenerate_total()},
        {"degenerate_per_file", ratio(c.degenerate_total(), parsed)},
        {"degenerate_per_kernel", ratio(c.degenerate_total(), c.kernels)},
        {"files_with_degenerate_share", ratio(c.files_with_degenerate, parsed)},
        {"degenerate_by_kind", std::move(by_kind)},
        {"files_documented", c.files_documented},
        {"files_documented_share", ratio(c.files_documented, parsed)},
        {"kernels_with_docstring", c.kernels_with_docstring},
        {"kernel_docstring_share", ratio(c.kernels_with_docstring, c.kernels)},
        {"kernels_documented", c.kernels_documented},
        {"kernels_documented_share", ratio(c.kernels_documented, c.kernels)},
    };
}

} // namespace ws::analysis
