#include "dataset/dataset_writer.h"

#include "dataset/card.h"
#include "dataset/fault.h"
#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/layout.h"
#include "dataset/pending_shards.h"
#include "dataset/shard_reader.h"
#include "dataset/stats_pass.h"

#include <charconv>
#include <fmt/format.h>
#include <mutex>
#include <set>

namespace ws::dataset {

namespace fs = std::filesystem;
using nlohmann::json;

uint64_t parse_hash_hex(const std::string& hex) {
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), v, 16);
    if (ec != std::errc() || p != hex.data() + hex.size() || hex.size() != 16)
        throw DataError(fmt::format("bad source_hash '{}'", hex));
    return v;
}

DatasetWriter::DatasetWriter(fs::path dir, std::string kind, json config, uint64_t shard_count, bool compress,
                             bool restart)
    : dir_(std::move(dir)), compress_(compress) {
    ensure_writable_directory(dir_);
    manifest_.kind = std::move(kind);
    manifest_.config = std::move(config);
    manifest_.shard_count = shard_count;
    std::optional<Manifest> old = load_manifest(dir_);
    if (old) {
        open_existing(*old, restart);
    } else {
        std::error_code ec;
        if (fs::exists(dir_ / "data", ec)) {
            for (const auto& e : fs::directory_iterator(dir_ / "data"))
                if (e.path().filename().string().rfind(".", 0) != 0)
                    throw ConfigError(
                        fmt::format("{} holds shard files but no manifest.json: it was not made by "
                                    "warpsynth or is damaged; use an empty folder",
                                    dir_.string()));
        }
    }
    ensure_writable_directory(dir_ / "data");
    remove_stray_files();
    if (!old) save_manifest(dir_, manifest_);
}

DatasetWriter::~DatasetWriter() = default;

void DatasetWriter::open_existing(const Manifest& old, bool restart) {
    std::vector<std::string> diffs;
    if (old.kind != manifest_.kind)
        diffs.push_back(fmt::format("kind: {} in the folder vs {} now", old.kind, manifest_.kind));
    for (auto& d : config_differences(old.config, manifest_.config)) diffs.push_back(std::move(d));
    if (!diffs.empty()) {
        std::string list;
        for (const auto& d : diffs) list += "\n  " + d;
        throw ConfigError(
            fmt::format("{} holds a dataset made with a different configuration:{}\nuse another --out "
                        "folder, or delete this one to start over",
                        dir_.string(), list));
    }
    if (restart) {
        for (const auto& e : old.shards) fs::remove(dir_ / e.file);
        return; // a fresh manifest is saved by the constructor
    }
    finish_pending_rewrites(dir_, old);
    manifest_ = old;
    manifest_.shards.clear();
    for (const auto& e : old.shards) {
        fs::path path = dir_ / e.file;
        std::error_code ec;
        if (!fs::exists(path, ec))
            throw DataError(
                fmt::format("{} lists {} as complete but the file is missing; delete the folder to "
                            "start over",
                            manifest_path(dir_).string(), e.file));
        if (hash_hex(file_xxh3(path)) != e.xxh3)
            throw DataError(
                fmt::format("{} does not match its checksum in {} (the file was changed after it was "
                            "written); delete the folder to start over",
                            path.string(), manifest_path(dir_).string()));
        fold_shard(e);
        manifest_.shards.push_back(e);
    }
}

void DatasetWriter::fold_shard(const ShardEntry& e) {
    resumed_records_ += fold_shard_stats(dir_, e, stats_, seen_);
}

void DatasetWriter::remove_stray_files() {
    std::set<std::string> listed;
    for (const auto& e : manifest_.shards) listed.insert(fs::path(e.file).filename().string());
    for (const auto& e : fs::directory_iterator(dir_ / "data")) {
        std::string name = e.path().filename().string();
        bool temp = name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0;
        // Temporary files of a crashed run, and shard files renamed into place
        // just before a crash but never listed: both are redone.
        if (temp || (name.rfind("train-", 0) == 0 && !listed.count(name))) fs::remove(e.path());
    }
}

void DatasetWriter::begin_shard(uint64_t shard) {
    if (in_shard_) throw std::logic_error("begin_shard: a shard is open");
    current_ = ShardEntry{};
    current_.shard = shard;
    current_.file = shard_file_name(shard, manifest_.shard_count, compress_);
    if (compress_ && !cctx_) cctx_.reset(ZSTD_createCCtx());
    writer_ = std::make_unique<ShardWriter>(dir_ / current_.file, compress_, 1, cctx_.get());
    in_shard_ = true;
}

void DatasetWriter::add_counts(const ShardEntry& counts) {
    current_.candidates += counts.candidates;
    current_.duplicates += counts.duplicates;
    current_.compile_failures += counts.compile_failures;
    current_.source_failures += counts.source_failures;
    current_.verification_dropped += counts.verification_dropped;
    current_.oversized += counts.oversized;
    for (const auto& [reason, n] : counts.failure_reasons) current_.failure_reasons[reason] += n;
}

void DatasetWriter::add_failure(bool compile, const std::string& reason) {
    if (compile)
        ++current_.compile_failures;
    else
        ++current_.source_failures;
    ++current_.failure_reasons[reason];
}

bool DatasetWriter::is_duplicate(uint64_t structure_hash) const {
    std::shared_lock lock(seen_mutex_);
    return seen_.contains(structure_hash);
}

bool DatasetWriter::add_record(std::string_view line, const Record& meta, uint64_t structure_hash,
                               const SourceMeasures& measures) {
    bool fresh;
    {
        std::unique_lock lock(seen_mutex_);
        fresh = seen_.insert(structure_hash);
    }
    if (!fresh) {
        ++current_.duplicates;
        return false;
    }
    writer_->write_line(line);
    ++current_.records;
    stats_.add_record(meta, measures);
    fault_point("record");
    return true;
}

void DatasetWriter::end_shard() {
    ShardFileInfo info = writer_->finish();
    writer_.reset();
    in_shard_ = false;
    current_.bytes = info.bytes;
    current_.xxh3 = hash_hex(info.xxh3);
    fault_point("shard");
    stats_.add_shard_counts(current_);
    manifest_.shards.push_back(current_);
    save_manifest(dir_, manifest_);
    fault_point("manifest");
}

void DatasetWriter::reread(StatsCollector stats) {
    if (in_shard_) throw std::logic_error("reread: a shard is open");
    std::optional<Manifest> m = load_manifest(dir_);
    if (!m) throw DataError(fmt::format("{} disappeared", manifest_path(dir_).string()));
    manifest_ = std::move(*m);
    stats_ = std::move(stats);
}

void DatasetWriter::finalize(json timing) {
    manifest_.timing = std::move(timing);
    write_stats_and_card(dir_, manifest_, stats_);
    fault_point("finalize");
    manifest_.complete = true;
    save_manifest(dir_, manifest_);
}

} // namespace ws::dataset
