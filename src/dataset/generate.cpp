#include "dataset/generate.h"

#include "dataset/dataset_writer.h"
#include "dataset/in_flight.h"
#include "dataset/io_error.h"
#include "dataset/kernel_source.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/record_builder.h"
#include "syntax/large_stack.h"
#include "syntax/source.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <memory>
#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <thread>

namespace ws::dataset {

using nlohmann::json;

json GenerateConfig::to_json() const {
    return json{{"count", count},
                {"seed", seed},
                {"shard_size", shard_size},
                {"categories", categories},
                {"device", device_set_name(device)},
                {"compress", compress},
                {"kernel_source", kernel_source},
                {"slice", json{{"index", slice.index}, {"count", slice.count}}},
                {"verify", verify},
                {"drop_failed", drop_failed},
                {"max_code_lines", max_code_lines},
                {"comment_path", comment_path_for("<id>")},
                {"generator_version", generator_version()},
                {"warp_version", warp_version()}};
}

GenerateConfig GenerateConfig::from_json(const json& j) {
    GenerateConfig c;
    j.at("count").get_to(c.count);
    j.at("seed").get_to(c.seed);
    j.at("shard_size").get_to(c.shard_size);
    j.at("categories").get_to(c.categories);
    if (!parse_device_set(j.at("device").get<std::string>(), c.device))
        throw DataError("manifest: unknown device " + j.at("device").dump());
    j.at("compress").get_to(c.compress);
    j.at("kernel_source").get_to(c.kernel_source);
    j.at("slice").at("index").get_to(c.slice.index);
    j.at("slice").at("count").get_to(c.slice.count);
    c.verify = j.value("verify", false);
    c.drop_failed = j.value("drop_failed", false);
    c.max_code_lines = j.value("max_code_lines", uint64_t{0}); // absent: made before the limit existed
    return c;
}

namespace {

struct Item {
    uint64_t index = 0;
    uint64_t shard = 0;
    bool first_in_shard = false;
    bool last_in_shard = false;
    enum class Status { Ok, Duplicate, CompileFailed, SourceFailed, Oversized } status = Status::Ok;
    std::string reason;
    TextBuffer line; // the record's JSON, escaped into it in place
    Record meta;     // metadata only: the code strings are dropped once serialized
    uint64_t structure_hash = 0;
    SourceMeasures measures;
};

// A kernel whose structure hash the writer has already seen is not compiled: the writer takes
// items in index order, so that hash came from a smaller index (or a resumed shard) and the
// writer would drop this record as its duplicate. (Built, a renamed copy of a kernel that
// compiled could only differ by failing to compile; none of 1,000,000 did.) A kernel whose twin
// is still in flight is built and dropped by the writer, as before.
void build(Item& item, const KernelSource& source, const GenerateConfig& c, const DatasetWriter& writer) {
    Candidate candidate;
    try {
        candidate = source.make(c.seed, c.categories, item.index);
    } catch (const std::exception& e) {
        item.status = Item::Status::SourceFailed;
        item.reason = fmt::format("kernel source: {}", e.what());
        return;
    }
    analysis::Fingerprint fingerprint = fingerprint_candidate(candidate);
    if (writer.is_duplicate(fingerprint.structure_hash)) {
        item.status = Item::Status::Duplicate;
        return;
    }
    try {
        BuiltRecord built =
            build_record(std::move(candidate), fingerprint, generated_record_id(c.seed, item.index), c.device,
                         c.seed, item.index);
        if (over_size_limit(built, c.max_code_lines)) {
            item.status = Item::Status::Oversized;
            return;
        }
        append_json(item.line, built.record);
        item.structure_hash = built.fingerprint.structure_hash;
        item.measures = built.measures();
        Record& r = built.record;
        r.drop_code();
        item.meta = std::move(r);
    } catch (const CompileError& e) {
        item.status = Item::Status::CompileFailed;
        item.reason = failure_reason(e.format());
    } catch (const std::exception& e) {
        item.status = Item::Status::CompileFailed;
        item.reason = fmt::format("internal compiler error: {}", failure_reason(e.what()));
    }
}

} // namespace

GenerateSummary generate(const GenerateOptions& options) {
    const GenerateConfig& c = options.config;
    const KernelSource* source = find_kernel_source(c.kernel_source);
    if (!source) {
        std::string known;
        for (const auto& n : kernel_source_names()) known += (known.empty() ? "" : ", ") + n;
        throw ConfigError(
            known.empty()
                ? "this warpsynth was built without the kernel synthesizer (src/synth)"
                : fmt::format("no kernel source '{}' (this build has: {})", c.kernel_source, known));
    }
    for (const auto& cat : c.categories)
        if (std::find(source->categories.begin(), source->categories.end(), cat) ==
            source->categories.end()) {
            std::string known;
            for (const auto& n : source->categories) known += (known.empty() ? "" : ", ") + n;
            throw ConfigError(fmt::format("unknown category '{}' (known: {})", cat, known));
        }
    if (c.shard_size == 0) throw ConfigError("--shard-size must be at least 1");
    if (c.drop_failed && !c.verify) throw ConfigError("--drop-failed needs --verify");
    if (c.verify && !options.verify_shards) throw std::logic_error("generate: --verify without a verifier");

    Layout layout{c.count, c.shard_size, c.compress};
    DatasetWriter writer(options.out, "generate", c.to_json(), layout.shard_count(), c.compress, false);
    GenerateSummary summary;
    auto verification_left = [&] {
        return c.verify && std::any_of(writer.manifest().shards.begin(), writer.manifest().shards.end(),
                                       [](const ShardEntry& e) { return !e.verified; });
    };
    auto dropped = [&] {
        uint64_t n = 0;
        for (const auto& e : writer.manifest().shards) n += e.verification_dropped;
        return n;
    };
    // A complete dataset can still have shards to verify: `warpsynth verify` on it was interrupted.
    if (writer.complete() && !verification_left()) {
        summary.already_complete = true;
        summary.records = writer.records_written();
        summary.verification_dropped = dropped();
        return summary;
    }

    std::vector<uint64_t> todo;
    uint64_t total_kernels = 0;
    for (uint64_t k = 0; k < layout.shard_count(); ++k)
        if (c.slice.owns(k) && !writer.shard_done(k)) {
            todo.push_back(k);
            total_kernels += layout.end_index(k) - layout.first_index(k);
        }

    unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    Progress progress("generate", total_kernels, options.quiet);
    uint64_t done = 0, written_before = writer.records_written();
    size_t next_shard = 0;
    uint64_t next_index = todo.empty() ? 0 : layout.first_index(todo[0]);

    // More threads than cores is allowed (--jobs is the user's choice), without TBB's warning.
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::global_control stack(tbb::global_control::thread_stack_size, kWorkerStackBytes); // workers compile
    tbb::task_arena arena(static_cast<int>(jobs));
    InFlight<Item> in_flight;
    // Kernels cost from microseconds to a tenth of a second (the synthesizer's probe runs some on
    // every thread): enough items in flight that one slow kernel, which the in-order writer waits
    // for, does not leave the other threads idle. Each holds one record (about 40 KB).
    arena.execute([&] {
        tbb::parallel_pipeline(
            jobs * 32,
            tbb::make_filter<void, Item*>(tbb::filter_mode::serial_in_order,
                                          [&](tbb::flow_control& fc) -> Item* {
                                              if (next_shard >= todo.size()) {
                                                  fc.stop();
                                                  return nullptr;
                                              }
                                              uint64_t shard = todo[next_shard];
                                              Item* item = in_flight.add();
                                              item->index = next_index;
                                              item->shard = shard;
                                              item->first_in_shard = next_index == layout.first_index(shard);
                                              item->last_in_shard = next_index + 1 == layout.end_index(shard);
                                              if (item->last_in_shard) {
                                                  ++next_shard;
                                                  if (next_shard < todo.size())
                                                      next_index = layout.first_index(todo[next_shard]);
                                              } else {
                                                  ++next_index;
                                              }
                                              return item;
                                          }) &
                tbb::make_filter<Item*, Item*>(tbb::filter_mode::parallel,
                                               [&](Item* item) {
                                                   build(*item, *source, c, writer);
                                                   return item;
                                               }) &
                tbb::make_filter<Item*, void>(tbb::filter_mode::serial_in_order, [&](Item* item) {
                    if (item->first_in_shard) writer.begin_shard(item->shard);
                    writer.add_candidate();
                    switch (item->status) {
                    case Item::Status::Ok:
                        writer.add_record(item->line, item->meta, item->structure_hash, item->measures);
                        break;
                    case Item::Status::Duplicate: writer.add_known_duplicate(); break;
                    case Item::Status::CompileFailed: writer.add_failure(true, item->reason); break;
                    case Item::Status::SourceFailed: writer.add_failure(false, item->reason); break;
                    case Item::Status::Oversized: writer.add_oversized(); break;
                    }
                    if (item->last_in_shard) writer.end_shard();
                    in_flight.release(item);
                    ++done;
                    progress.update(done, writer.records_written() - written_before);
                }));
    });

    summary.kernels = done;
    summary.records_this_run = writer.records_written() - written_before;
    summary.seconds = progress.seconds();
    bool all_done = true;
    for (uint64_t k = 0; k < layout.shard_count(); ++k)
        if (c.slice.owns(k) && !writer.shard_done(k)) all_done = false;
    if (all_done) {
        double rate =
            summary.seconds > 0 ? static_cast<double>(summary.records_this_run) / summary.seconds : 0.0;
        // A complete dataset that only needed verification keeps its generation timing.
        json timing = writer.complete()
                          ? writer.manifest().timing
                          : json{{"seconds", std::round(summary.seconds * 1000) / 1000},
                                 {"pairs_this_run", summary.records_this_run},
                                 {"pairs_per_second", std::round(rate)},
                                 {"jobs", jobs},
                                 {"note", "machine-dependent; everything else in this file is reproducible"}};
        if (verification_left()) {
            auto start = std::chrono::steady_clock::now();
            StatsCollector stats; // of the rewritten shards, folded by the pass as it writes them
            options.verify_shards(stats);
            double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            timing["verify_seconds"] = std::round(secs * 1000) / 1000;
            writer.reread(std::move(stats));
        }
        writer.finalize(std::move(timing));
    }
    summary.records = writer.records_written();
    summary.verification_dropped = dropped();

    const Manifest& m = writer.manifest();
    uint64_t dups = 0, fails = 0, oversized = 0;
    for (const auto& e : m.shards) {
        dups += e.duplicates;
        fails += e.compile_failures + e.source_failures;
        oversized += e.oversized;
    }
    progress.finish(fmt::format(
        "warpsynth generate: {} pairs in {} ({} duplicates dropped, {} rejected by the "
        "compiler{}{}){}; {} kernels in {:.1f} s this run, {:.0f} pairs/s",
        summary.records, options.out.string(), dups, fails,
        oversized ? fmt::format(", {} over --max-code-lines {}", oversized, c.max_code_lines) : "",
        c.drop_failed ? fmt::format(", {} dropped as not verified", summary.verification_dropped) : "",
        c.slice.whole() ? "" : fmt::format(" for slice {}/{}", c.slice.index, c.slice.count), summary.kernels,
        summary.seconds, summary.seconds > 0 ? summary.records_this_run / summary.seconds : 0.0));
    return summary;
}

} // namespace ws::dataset
