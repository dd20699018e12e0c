// Statistics of an existing dataset folder: folds every shard the manifest
// lists, in order (used by `warpsynth stats` and `validate`).
#pragma once

#include "dataset/manifest.h"
#include "dataset/stats.h"

#include <filesystem>

namespace ws::dataset {

StatsCollector collect_stats(const std::filesystem::path& dir, const Manifest& manifest);

// `warpsynth stats DIR`: recomputes stats.json, README.md and figures/.
// Returns the statistics written.
nlohmann::json rewrite_stats(const std::filesystem::path& dir);

} // namespace ws::dataset
