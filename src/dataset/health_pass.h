// `warpsynth health PATH...`: src/analysis's code-health and shape figures for
// Python files, folders of Python files and datasets, streamed in constant
// memory (one file or record at a time).
#pragma once

#include "analysis/report.h"
#include "analysis/summary.h"

#include <filesystem>
#include <functional>
#include <vector>

namespace ws::dataset {

struct HealthOptions {
    // Files are analysed as Python; a folder with a manifest.json is a dataset
    // (each record's python_source, named `DIR#ID`); another folder stands for
    // its .py files, recursively, in sorted order.
    std::vector<std::filesystem::path> paths;
    bool keep_source = false; // fill each function's `source`
};

// Analyses every file and record in order, calls `each` with its report and
// returns the totals. Throws IoError when a path does not exist or cannot be
// read, DataError when a dataset's shard is damaged.
analysis::Summary analyze_paths(const HealthOptions& options,
                                const std::function<void(const analysis::FileReport&)>& each);

} // namespace ws::dataset
