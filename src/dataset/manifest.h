// manifest.json: what was asked (the configuration), what is done (completed
// shards with their checksums and per-shard counts) and whether the dataset
// is complete. It is rewritten atomically after each shard, so after a crash
// it always describes files that are fully on disk; a shard file the manifest
// does not list is redone. Everything needed to resume is here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ws::dataset {

inline constexpr const char* kManifestFormat = "warpsynth-dataset/1";

struct ShardEntry {
    uint64_t shard = 0;
    std::string file; // relative to the dataset folder
    uint64_t records = 0;
    uint64_t candidates = 0;       // kernels considered for this shard
    uint64_t duplicates = 0;       // dropped by exact dedup
    uint64_t compile_failures = 0; // rejected by the compiler (unsupported or invalid)
    uint64_t source_failures = 0;  // the kernel source (synthesizer) failed
    std::map<std::string, uint64_t> failure_reasons;
    uint64_t bytes = 0;
    std::string xxh3; // of the file, 16 hex digits
    // The verification pass (generate --verify, warpsynth verify) rewrote this
    // shard with verdicts; saved per shard so an interrupted pass resumes.
    bool verified = false;
    uint64_t verification_dropped = 0; // records removed because they were not verified (--drop-failed)
    uint64_t oversized = 0;            // compiled, but their code was over the size limit (--max-code-lines)
};

struct Manifest {
    std::string kind; // "generate", "merge" or "extract"
    nlohmann::json config;
    uint64_t shard_count = 0;       // shard files of the whole dataset (all slices)
    std::vector<ShardEntry> shards; // completed, in shard order
    bool complete = false;
    nlohmann::json timing = nlohmann::json::object(); // machine-dependent: seconds, pairs/s

    const ShardEntry* find(uint64_t shard) const;
};

nlohmann::json to_json_value(const ShardEntry& e);
ShardEntry shard_entry_from_json(const nlohmann::json& j);

std::filesystem::path manifest_path(const std::filesystem::path& dir);
// nullopt when the folder has no manifest.json; DataError when it is unreadable.
// Fields added after format 1 (per-shard verification, generate's verify and
// drop_failed) read as their defaults when absent: such folders were never verified.
std::optional<Manifest> load_manifest(const std::filesystem::path& dir);

// The manifest of a finished dataset folder that a command reads (export, decontaminate):
// IoError when `dir` is not a folder, ConfigError when it is not a dataset or not complete.
Manifest load_complete_manifest(const std::filesystem::path& dir);
void save_manifest(const std::filesystem::path& dir, const Manifest& m);

// Human-readable differences between two configurations ("seed: 1 (folder) vs 2 (now)"), empty if equal.
std::vector<std::string> config_differences(const nlohmann::json& folder, const nlohmann::json& now);

// Short bucket name of a compile error message for failure counts:
// positions, numbers and quoted names removed.
std::string failure_reason(const std::string& message);

} // namespace ws::dataset
