// `warpsynth generate`: kernels from a kernel source (the synthesizer),
// compiled in parallel, deduplicated and written in index order.
//
// `count` is the number of kernels synthesized: record indices 0..count-1.
// The dataset holds those that compile and are not exact duplicates of an
// earlier one, in index order; stats.json counts the rest. Because every
// decision is a function of the index order (the synthesizer is a pure
// function of (seed, index), dedup keeps the first occurrence by index),
// the output is byte-identical whatever --jobs is, after any crash and
// resume, and when slices (--shard I/N) are merged.
//
// Parallelism: a oneTBB parallel_pipeline in a task_arena of `jobs` threads:
// a serial in-order stage hands out indices, a parallel stage synthesizes,
// compiles, fingerprints and serializes each record, and a serial in-order
// stage dedups and streams records into the shard files.
//
// With `verify`, once every shard is generated the shards go through the
// verification pass (GenerateOptions::verify_shards), which rewrites them with
// verdicts (and, with `drop_failed`, without the unverified records) and marks
// each verified in the manifest; only then are stats.json and the card written
// and the dataset marked complete. A rerun finishes whichever step a crash
// interrupted.
#pragma once

#include "dataset/layout.h"
#include "dataset/record_builder.h"
#include "dataset/stats.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ws::dataset {

struct GenerateConfig {
    uint64_t count = 0;
    uint64_t seed = 0;
    uint64_t shard_size = 10000;
    std::vector<std::string> categories; // empty: all
    DeviceSet device = DeviceSet::Cuda;
    bool compress = true;
    std::string kernel_source = "synth";
    SliceSpec slice;
    bool verify = false;      // verdicts in every record (generate --verify)
    bool drop_failed = false; // and only the verified records kept (--drop-failed)
    // Size limit on a record's code (record_builder.h; 0: none).
    uint64_t max_code_lines = kDefaultMaxCodeLines;

    // The manifest's "config": everything the output depends on (not --jobs).
    nlohmann::json to_json() const;
    static GenerateConfig from_json(const nlohmann::json& j);
};

struct GenerateOptions {
    GenerateConfig config;
    std::filesystem::path out;
    unsigned jobs = 0; // 0: all hardware threads
    bool quiet = false;
    // Required with config.verify: verifies the shards the manifest does not mark
    // verified (src/verify/dataset_pass.h; ws_dataset does not link the verifier), and
    // folds the statistics of every shard afterwards into its argument, so that
    // finalizing does not read the dataset again.
    std::function<void(StatsCollector&)> verify_shards;
};

struct GenerateSummary {
    bool already_complete = false;
    uint64_t kernels = 0;          // processed in this run
    uint64_t records = 0;          // in the dataset (all slices' shards present in the folder)
    uint64_t records_this_run = 0; // generated (before verification dropped any)
    uint64_t verification_dropped = 0;
    double seconds = 0;
};

GenerateSummary generate(const GenerateOptions& options);

} // namespace ws::dataset
