// Statistics of an existing dataset folder: folds every shard the manifest
// lists, in order (used by `warpsynth stats` and `validate`).
#pragma once

#include "dataset/hash_set.h"
#include "dataset/manifest.h"
#include "dataset/stats.h"

#include <filesystem>

namespace ws::dataset {

StatsCollector collect_stats(const std::filesystem::path& dir, const Manifest& manifest);

// Folds one record into `stats`, in the data's order; `seen` holds the source
// hashes folded so far (copies inside the data are counted).
void fold_record(const Record& r, StatsCollector& stats, HashSet& seen);

// Folds one shard's records and counts into `stats`; `seen` holds the source
// hashes folded so far (copies inside the data are counted). Returns the
// number of records read.
uint64_t fold_shard_stats(const std::filesystem::path& dir, const ShardEntry& e, StatsCollector& stats,
                          HashSet& seen);

// `warpsynth stats DIR`: recomputes stats.json, README.md and figures/.
// Returns the statistics written.
nlohmann::json rewrite_stats(const std::filesystem::path& dir);

} // namespace ws::dataset
