// Code-health counts: the figures `warpsynth stats` puts on the dataset card
// and `warpsynth health` prints, summed over files (or dataset records). A
// fixed-size value, so that a dataset of any size is summed in constant memory.
// Definitions: README.md in this folder.
#pragma once

#include "analysis/degenerate.h"
#include "analysis/report.h"

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string_view>

namespace ws::analysis {

struct HealthCounts {
    uint64_t files = 0;
    uint64_t unparsed_files = 0; // counted in `files`, nothing else
    uint64_t kernels = 0, helpers = 0;
    // Dead stores: assigned local names never read, in kernels and helpers.
    uint64_t assigned_names = 0, dead_stores = 0;
    uint64_t files_with_dead_store = 0, kernels_with_dead_store = 0;
    uint64_t loop_variables = 0, unused_loop_variables = 0;
    // Parameters never read (declarations, see FunctionReport::stub, excepted).
    uint64_t kernel_params = 0, unused_kernel_params = 0;
    uint64_t helper_params = 0, ignored_helper_params = 0;
    std::array<uint64_t, kDegenerateKinds> degenerate{}; // in kernels and helpers, by kind
    uint64_t files_with_degenerate = 0;
    // A module docstring, a comment or a Warp function docstring anywhere in the file.
    uint64_t files_documented = 0;
    uint64_t kernels_with_docstring = 0;
    uint64_t kernels_documented = 0; // a docstring, or a comment inside or right above

    uint64_t degenerate_total() const;
    HealthCounts& operator+=(const HealthCounts& o);
};

HealthCounts health_counts(const FileReport& report);

// The counts of one record's python_source.
HealthCounts health_counts(std::string_view python_source);
// The same of a module its caller has parsed from `source`, with its parse's tokens if it has them.
HealthCounts health_counts(const std::shared_ptr<const SourceFile>& source, const ast::Module& module,
                           std::span<const Token> tokens = {});

// Counts and rates (`dead_store_rate`, ...; 0 when the denominator is 0), as
// stats.json's "code_health" and `warpsynth health`'s totals hold them.
void to_json(nlohmann::json& j, const HealthCounts& c);

} // namespace ws::analysis
