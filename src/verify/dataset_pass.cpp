#include "verify/dataset_pass.h"

#include "dataset/fault.h"
#include "dataset/hash_set.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/pending_shards.h"
#include "dataset/shard_reader.h"
#include "dataset/shard_writer.h"
#include "dataset/stats_pass.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ws::verify {

namespace fs = std::filesystem;

namespace {

dataset::Manifest load(const fs::path& dir) {
    std::optional<dataset::Manifest> m = dataset::load_manifest(dir);
    if (!m)
        throw dataset::ConfigError(dir.string() + " has no manifest.json: not a warpsynth dataset folder");
    return std::move(*m);
}

dataset::Record parse(const std::string& line, const fs::path& path, size_t line_number) {
    try {
        return nlohmann::json::parse(line).get<dataset::Record>();
    } catch (const nlohmann::json::exception& e) {
        throw dataset::DataError(
            fmt::format("{}:{}: not a record: {}", path.string(), line_number, e.what()));
    }
}

// A shard an earlier run verified: only its stored verdicts are counted (and
// its records folded into `stats`).
void tally_verified_shard(const fs::path& path, DatasetPassTotals& t, dataset::StatsCollector* stats,
                          dataset::HashSet& seen) {
    dataset::ShardReader reader(path);
    std::string line;
    while (reader.next(line)) {
        dataset::Record r = parse(line, path, reader.line_number());
        ++t.records;
        if (!is_verified(r.verification)) ++t.unverified;
        if (stats) dataset::fold_record(r, *stats, seen);
    }
}

} // namespace

DatasetPassTotals verify_dataset_shards(Verifier& verifier, const fs::path& dir, bool drop_failed,
                                        const DatasetProgress& progress, dataset::StatsCollector* stats) {
    dataset::Manifest manifest = load(dir);
    // A rewrite that a crash interrupted after the manifest listed it is
    // finished; any other temporary shard is an unfinished rewrite, redone below.
    dataset::finish_pending_rewrites(dir, manifest);
    for (const dataset::ShardEntry& e : manifest.shards) {
        std::error_code ec;
        fs::remove(dataset::ShardWriter::temp_path_for(dir / e.file), ec);
    }

    DatasetPassTotals t;
    dataset::HashSet seen; // source hashes folded into `stats`
    uint64_t total = 0, base = 0;
    for (const dataset::ShardEntry& e : manifest.shards)
        if (!e.verified) total += e.records;
    verifier.set_progress([&](size_t done, size_t) {
        if (progress) progress(base + done, total);
    });
    // The callback refers to this frame: it goes when the pass ends, by return or by exception.
    struct ResetProgress {
        Verifier& v;
        ~ResetProgress() { v.set_progress(nullptr); }
    } reset_progress{verifier};
    const size_t batch = std::max<size_t>(1, verifier.options().batch_size);

    for (dataset::ShardEntry& entry : manifest.shards) {
        const fs::path path = dir / entry.file;
        if (entry.verified) {
            ++t.shards_skipped;
            tally_verified_shard(path, t, stats, seen);
            if (stats) stats->add_shard_counts(entry);
            continue;
        }
        dataset::ShardReader reader(path);
        dataset::ShardWriter writer(path, path.extension() == ".zst");
        uint64_t kept = 0, dropped = 0;
        // Batches counted from the start of the shard, so that every batch holds the same
        // records whatever --jobs is; each is written as soon as those before it are.
        std::string line;
        auto read_batch = [&](std::vector<dataset::Record>& records) {
            while (records.size() < batch && reader.next(line))
                records.push_back(parse(line, path, reader.line_number()));
            return !records.empty();
        };
        auto write_batch = [&](std::vector<dataset::Record>& records) {
            for (const dataset::Record& r : records) {
                const bool ok = is_verified(r.verification);
                if (!ok && drop_failed) {
                    ++dropped;
                    continue;
                }
                if (!ok) ++t.unverified;
                writer.write_line(dataset::json_line(r));
                if (stats) dataset::fold_record(r, *stats, seen);
                ++kept;
            }
            dataset::fault_point("verify_chunk");
        };
        t.checked.merge(verifier.verify_stream(read_batch, write_batch, total - base));
        base += entry.records;

        // The manifest learns the new file before it is renamed into place: after
        // a crash in between, the sealed temporary file is what it describes.
        dataset::ShardFileInfo info = writer.seal();
        entry.records = kept;
        entry.verification_dropped += dropped;
        entry.bytes = info.bytes;
        entry.xxh3 = dataset::hash_hex(info.xxh3);
        entry.verified = true;
        if (stats) stats->add_shard_counts(entry);
        dataset::save_manifest(dir, manifest);
        dataset::fault_point("verify_manifest");
        writer.publish();
        dataset::fault_point("verify_shard");

        ++t.shards_checked;
        t.records += kept;
        t.dropped += dropped;
    }
    for (const dataset::ShardEntry& e : manifest.shards) t.dropped_total += e.verification_dropped;
    return t;
}

void forget_verification(const fs::path& dir) {
    dataset::Manifest manifest = load(dir);
    bool changed = false;
    for (dataset::ShardEntry& e : manifest.shards) {
        changed = changed || e.verified;
        e.verified = false;
    }
    if (changed) dataset::save_manifest(dir, manifest);
}

} // namespace ws::verify
