// Writes a dataset folder shard by shard, crash-safely, for generate, merge
// and extract:
//
// - Opening a folder that has a manifest: the same kind and configuration
//   continue it (completed shards are checked against their checksums and
//   folded back into the dedup set and the statistics, stray temporary files
//   are removed); any other configuration is refused (ConfigError) with the
//   differences spelled out. `restart` (merge, extract) discards the previous
//   shards of the same configuration instead of continuing.
// - Records are offered in dataset order; exact duplicates (same structure
//   hash as an earlier kept record) are dropped and counted. Memory: the
//   64-bit hash set (16 bytes per kept record at most) plus bounded stats.
//   is_duplicate() may be asked from other threads while records are added
//   (generate asks before compiling a kernel whose twin is already written).
// - end_shard() renames the shard into place and then rewrites the manifest;
//   finalize() writes stats.json, README.md and figures/, then marks the
//   manifest complete.
// - A pass that rewrites the shards in between (generate --verify) calls
//   reread() before finalize(), so that the manifest and the statistics are
//   those of the rewritten files (the pass folds the statistics as it writes).
#pragma once

#include "analysis/fingerprint.h"
#include "dataset/hash_set.h"
#include "dataset/manifest.h"
#include "dataset/record.h"
#include "dataset/shard_writer.h"
#include "dataset/stats.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>

namespace ws::dataset {

class DatasetWriter {
  public:
    DatasetWriter(std::filesystem::path dir, std::string kind, nlohmann::json config, uint64_t shard_count,
                  bool compress, bool restart);
    ~DatasetWriter();

    const Manifest& manifest() const { return manifest_; }
    bool complete() const { return manifest_.complete; }
    bool shard_done(uint64_t shard) const { return manifest_.find(shard) != nullptr; }
    uint64_t records_written() const { return stats_.records(); }
    uint64_t records_resumed() const { return resumed_records_; }

    void begin_shard(uint64_t shard);
    // Counts that the caller already knows (merge: the counts of the input shard).
    void add_counts(const ShardEntry& counts);
    // The open shard's records carry verdicts (merge of verified inputs).
    void mark_verified() { current_.verified = true; }
    void add_candidate() { ++current_.candidates; }
    // True when a record with this hash was already offered (or resumed). Thread-safe.
    bool is_duplicate(uint64_t structure_hash) const;
    void add_failure(bool compile, const std::string& reason);
    // A record over the size limit on its code, left out.
    void add_oversized() { ++current_.oversized; }
    // `line` is the record's JSON; `meta` its metadata (code strings may be empty).
    // False (and counted) when it duplicates an earlier record.
    bool add_record(std::string_view line, const Record& meta, uint64_t structure_hash,
                    const SourceMeasures& measures);
    // A record known to be a duplicate (is_duplicate was true) and never built: counted as
    // add_record counts it.
    void add_known_duplicate() { ++current_.duplicates; }
    void end_shard();
    // Takes the manifest back from the folder after another pass rewrote its
    // shards, with the statistics that pass folded from the rewritten records
    // (the dedup set is not rebuilt: no more records come).
    void reread(StatsCollector stats);
    void finalize(nlohmann::json timing);

  private:
    void open_existing(const Manifest& old, bool restart);
    void fold_shard(const ShardEntry& e);
    void remove_stray_files();

    std::filesystem::path dir_;
    bool compress_;
    Manifest manifest_;
    HashSet seen_;
    mutable std::shared_mutex seen_mutex_; // add_record writes seen_ while other threads read it
    StatsCollector stats_;
    // One compression context for every shard this writer writes.
    std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> cctx_{nullptr, ZSTD_freeCCtx};
    std::unique_ptr<ShardWriter> writer_;
    ShardEntry current_;
    bool in_shard_ = false;
    uint64_t resumed_records_ = 0;
};

// Reads the structure hash back from a record's source_hash.
uint64_t parse_hash_hex(const std::string& hex);

} // namespace ws::dataset
