#include "dataset/merge.h"

#include "dataset/dataset_writer.h"
#include "dataset/io_error.h"
#include "dataset/layout.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/record_reader.h"

#include <fmt/format.h>
#include <map>
#include <optional>

namespace ws::dataset {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Input {
    fs::path dir;
    Manifest manifest;
};

json without_slice(json c) {
    c.erase("slice");
    return c;
}

// The inputs are the N slices of one generation: returns the input of each slice index.
std::optional<std::vector<const Input*>> as_slices(const std::vector<Input>& inputs) {
    const Input& first = inputs.front();
    if (first.manifest.kind != "generate") return std::nullopt;
    uint64_t n = first.manifest.config.at("slice").at("count");
    if (n != inputs.size()) return std::nullopt;
    std::vector<const Input*> by_index(n, nullptr);
    for (const auto& in : inputs) {
        if (in.manifest.kind != "generate" ||
            without_slice(in.manifest.config) != without_slice(first.manifest.config))
            return std::nullopt;
        uint64_t i = in.manifest.config.at("slice").at("index");
        if (in.manifest.config.at("slice").at("count") != n || by_index[i]) return std::nullopt;
        by_index[i] = &in;
    }
    return by_index;
}

void require_complete(const Input& in) {
    if (!in.manifest.complete)
        throw ConfigError(
            fmt::format("{} is not complete (run its generate command again to finish it)", in.dir.string()));
}

} // namespace

MergeSummary merge(const MergeOptions& options) {
    if (options.inputs.empty()) throw ConfigError("merge: no input folders");
    std::vector<Input> inputs;
    for (const auto& dir : options.inputs) {
        if (fs::weakly_canonical(dir) == fs::weakly_canonical(options.out))
            throw ConfigError(fmt::format("merge: the output folder {} is also an input", dir.string()));
        std::optional<Manifest> m = load_manifest(dir);
        if (!m)
            throw ConfigError(fmt::format("{} has no manifest.json: not a warpsynth dataset", dir.string()));
        inputs.push_back(Input{dir, std::move(*m)});
        require_complete(inputs.back());
    }

    MergeSummary summary;
    Progress progress("merge", 0, options.quiet);
    auto slices = as_slices(inputs);
    if (slices) {
        summary.slices = true;
        json config = inputs.front().manifest.config;
        config["slice"] = json{{"index", 0}, {"count", 1}};
        uint64_t shard_count = inputs.front().manifest.shard_count;
        bool compress = config.at("compress");
        DatasetWriter writer(options.out, "generate", config, shard_count, compress, true);
        for (uint64_t k = 0; k < shard_count; ++k) {
            const Input& owner = *(*slices)[k % slices->size()];
            const ShardEntry* e = owner.manifest.find(k);
            if (!e)
                throw DataError(
                    fmt::format("{}: shard {} is missing from its manifest", owner.dir.string(), k));
            ShardEntry counts = *e;
            writer.begin_shard(k);
            writer.add_counts(counts);
            if (e->verified) writer.mark_verified();
            for_each_record(owner.dir, *e, [&](const std::string& line, const Record& r) {
                if (!writer.add_record(line, r, parse_hash_hex(r.source_hash),
                                       measure_source(r.python_source)))
                    ++summary.duplicates;
            });
            writer.end_shard();
        }
        writer.finalize(json::object());
        summary.records = writer.records_written();
    } else {
        // Pass 1: how many records survive dedup, for the shard file names.
        HashSet seen;
        uint64_t unique = 0;
        for (const auto& in : inputs)
            for (const auto& e : in.manifest.shards)
                for_each_record(in.dir, e, [&](const std::string&, const Record& r) {
                    unique += seen.insert(parse_hash_hex(r.source_hash));
                });
        json sources = json::array();
        for (const auto& in : inputs)
            sources.push_back(json{{"kind", in.manifest.kind}, {"config", in.manifest.config}});
        json config{{"inputs", sources}, {"shard_size", options.shard_size}, {"compress", options.compress}};
        uint64_t shard_count = unique == 0 ? 0 : (unique + options.shard_size - 1) / options.shard_size;
        DatasetWriter writer(options.out, "merge", config, shard_count, options.compress, true);
        uint64_t shard = 0, in_shard = 0;
        bool open = false;
        ShardEntry carried;       // the inputs' own drops and failures, booked on the first shard
        bool all_verified = true; // then every output record carries verdicts
        for (const auto& in : inputs)
            for (const auto& e : in.manifest.shards) {
                carried.candidates += e.candidates - e.records;
                carried.duplicates += e.duplicates;
                carried.compile_failures += e.compile_failures;
                carried.source_failures += e.source_failures;
                carried.verification_dropped += e.verification_dropped;
                carried.oversized += e.oversized;
                all_verified = all_verified && e.verified;
                for (const auto& [reason, n] : e.failure_reasons) carried.failure_reasons[reason] += n;
            }
        if (shard_count > 0) {
            writer.begin_shard(0);
            writer.add_counts(carried);
            if (all_verified) writer.mark_verified();
            open = true;
        }
        for (const auto& in : inputs)
            for (const auto& e : in.manifest.shards)
                for_each_record(in.dir, e, [&](const std::string& line, const Record& r) {
                    uint64_t h = parse_hash_hex(r.source_hash);
                    // A shard is closed only when a record that will be kept needs room,
                    // so duplicates after the last kept record stay in the last shard.
                    if (in_shard == options.shard_size && !writer.is_duplicate(h)) {
                        writer.end_shard();
                        writer.begin_shard(++shard);
                        if (all_verified) writer.mark_verified();
                        in_shard = 0;
                    }
                    writer.add_candidate();
                    if (writer.add_record(line, r, h, measure_source(r.python_source)))
                        ++in_shard;
                    else
                        ++summary.duplicates;
                });
        if (open) writer.end_shard();
        writer.finalize(json::object());
        summary.records = writer.records_written();
    }
    progress.finish(fmt::format(
        "warpsynth merge: {} pairs in {} from {} folders ({}; {} duplicates dropped by the merge)",
        summary.records, options.out.string(), inputs.size(),
        summary.slices ? "slices of one generation" : "union", summary.duplicates));
    return summary;
}

} // namespace ws::dataset
