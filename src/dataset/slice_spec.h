// The slice a worker generates: `--shard I/N`, or from the environment of a
// Slurm job array (SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT) or a
// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shard-count N).
#pragma once

#include "dataset/layout.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace ws::dataset {

// Parses "I/N" (0 <= I < N). Throws ConfigError.
SliceSpec parse_slice(const std::string& text);

// The slice from flags and environment, in this order: --shard, then
// JOB_COMPLETION_INDEX (needs shard_count), then SLURM_ARRAY_TASK_ID with
// SLURM_ARRAY_TASK_COUNT (or shard_count; SLURM_ARRAY_TASK_MIN is
// subtracted so arrays may start at 1). Without any: the whole dataset.
// `env` maps variable names to values (the process environment in the CLI).
SliceSpec resolve_slice(const std::optional<std::string>& shard_flag, std::optional<uint64_t> shard_count,
                        const std::map<std::string, std::string>& env);

} // namespace ws::dataset
