#include "dataset/stats_pass.h"

#include "dataset/card.h"
#include "dataset/dataset_writer.h"
#include "dataset/hash_set.h"
#include "dataset/io_error.h"
#include "dataset/record_reader.h"

#include <fmt/format.h>

namespace ws::dataset {

using nlohmann::json;

void fold_record(const Record& r, StatsCollector& stats, HashSet& seen) {
    if (!seen.insert(parse_hash_hex(r.source_hash))) stats.add_duplicate_in_data();
    stats.add_record(r, measure_source(r.python_source));
}

uint64_t fold_shard_stats(const std::filesystem::path& dir, const ShardEntry& e, StatsCollector& stats,
                          HashSet& seen) {
    uint64_t records = 0;
    for_each_record(dir, e, [&](const std::string&, const Record& r) {
        fold_record(r, stats, seen);
        ++records;
    });
    stats.add_shard_counts(e);
    return records;
}

StatsCollector collect_stats(const std::filesystem::path& dir, const Manifest& manifest) {
    StatsCollector stats;
    HashSet seen;
    for (const auto& e : manifest.shards) fold_shard_stats(dir, e, stats, seen);
    return stats;
}

json rewrite_stats(const std::filesystem::path& dir) {
    std::optional<Manifest> m = load_manifest(dir);
    if (!m) throw ConfigError(fmt::format("{} has no manifest.json: not a warpsynth dataset", dir.string()));
    StatsCollector stats = collect_stats(dir, *m);
    write_stats_and_card(dir, *m, stats);
    return stats.to_json();
}

} // namespace ws::dataset
