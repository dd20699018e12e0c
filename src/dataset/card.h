// The dataset card: README.md in Hugging Face's format (YAML front matter
// with `configs`/`data_files`, so `datasets.load_dataset(DIR)` finds the
// shards) with a description of the fields, tables from stats.json and SVG
// figures (figures/categories.svg, figures/lines.svg).
#pragma once

#include "dataset/manifest.h"
#include "dataset/stats.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace ws::dataset {

// The sections of stats.json copied from the manifest's config, not computed
// from the records (validate leaves them out of its comparison).
inline constexpr const char* kStatsFromConfig[] = {"decontamination", "extract_skips"};

// Writes stats.json (the deterministic statistics plus the manifest's
// "timing" and kStatsFromConfig), README.md and figures/ into `dir`, each atomically.
void write_stats_and_card(const std::filesystem::path& dir, const Manifest& manifest,
                          const StatsCollector& stats);

// The card's "## Decontamination" section from a "decontamination" summary
// (export/decontaminate.h: Contamination::summary).
std::string decontamination_section(const nlohmann::json& summary);

// The Hub's `size_categories` tag for a dataset of `n` rows ("1K<n<10K").
std::string size_category(uint64_t n);

} // namespace ws::dataset
