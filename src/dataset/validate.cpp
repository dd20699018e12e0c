#include "dataset/validate.h"

#include "analysis/fingerprint.h"
#include "dataset/card.h"
#include "dataset/dataset_writer.h"
#include "dataset/file_io.h"
#include "dataset/hash_set.h"
#include "dataset/in_flight.h"
#include "dataset/io_error.h"
#include "dataset/layout.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/record_builder.h"
#include "dataset/shard_reader.h"
#include "dataset/stats.h"
#include "syntax/large_stack.h"
#include "syntax/source.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <memory>
#include <set>
#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <thread>
#include <xxhash.h>

namespace ws::dataset {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Line {
    const ShardEntry* shard = nullptr;
    size_t line_number = 0;
    std::string text;
    // results of the parallel check
    bool parsed = false;
    Record record; // metadata (code fields cleared after the check)
    uint64_t hash = 0;
    SourceMeasures measures;
    std::vector<std::string> problems;
};

void check_line(Line& l, bool recompile) {
    json j;
    try {
        j = json::parse(l.text);
        from_json(j, l.record);
    } catch (const json::exception& e) {
        l.problems.push_back(fmt::format("not a valid record: {}", e.what()));
        return;
    }
    l.parsed = true;
    if (json_line(l.record) != l.text)
        l.problems.push_back(
            "not in canonical form (unknown, missing or reordered fields, or changed formatting)");
    analysis::Fingerprint fp = analysis::fingerprint(l.record.python_source);
    l.hash = fp.structure_hash;
    l.measures = SourceMeasures{fp.signature, analysis::health_counts(l.record.python_source)};
    if (hash_hex(fp.structure_hash) != l.record.source_hash)
        l.problems.push_back(fmt::format("source_hash {} is not the hash of python_source ({})",
                                         l.record.source_hash, hash_hex(fp.structure_hash)));
    if (recompile) {
        try {
            Record fresh = recompile_record(l.record);
            auto cmp = [&](const char* field, const std::string& stored, const std::string& now) {
                if (stored != now)
                    l.problems.push_back(fmt::format("{} differs from a fresh compile", field));
            };
            cmp("cuda_forward", l.record.cuda_forward, fresh.cuda_forward);
            cmp("cuda_backward", l.record.cuda_backward, fresh.cuda_backward);
            cmp("cuda_functions", l.record.cuda_functions, fresh.cuda_functions);
            cmp("cpu_forward", l.record.cpu_forward, fresh.cpu_forward);
            cmp("cpu_backward", l.record.cpu_backward, fresh.cpu_backward);
            cmp("cpu_functions", l.record.cpu_functions, fresh.cpu_functions);
            cmp("cpu_entry", l.record.cpu_entry, fresh.cpu_entry);
            if (fresh.python_lines != l.record.python_lines) l.problems.push_back("python_lines is wrong");
            if (fresh.forward_lines != l.record.forward_lines) l.problems.push_back("forward_lines is wrong");
            if (fresh.backward_lines != l.record.backward_lines)
                l.problems.push_back("backward_lines is wrong");
            if (fresh.builtins != l.record.builtins)
                l.problems.push_back("builtins differ from a fresh compile");
        } catch (const CompileError& e) {
            l.problems.push_back("python_source no longer compiles: " + e.format());
        } catch (const std::exception& e) {
            l.problems.push_back(std::string("recompiling failed: ") + e.what());
        }
    }
    Record& r = l.record;
    r.drop_code();
    l.text.clear();
}

} // namespace

ValidateReport validate(const ValidateOptions& options) {
    ValidateReport report;
    auto problem = [&](std::string p) { report.problems.push_back(std::move(p)); };
    std::optional<Manifest> m = load_manifest(options.dir);
    if (!m)
        throw ConfigError(
            fmt::format("{} has no manifest.json: not a warpsynth dataset", options.dir.string()));
    if (!m->complete) problem("manifest.json: the dataset is not complete");

    std::vector<const ShardEntry*> readable;
    std::set<std::string> listed;
    for (const auto& e : m->shards) {
        listed.insert(e.file);
        fs::path path = options.dir / e.file;
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            problem(fmt::format("{}: listed in manifest.json but missing", e.file));
            continue;
        }
        if (fs::file_size(path) != e.bytes)
            problem(fmt::format("{}: {} bytes, manifest.json says {}", e.file, fs::file_size(path), e.bytes));
        if (hash_hex(file_xxh3(path)) != e.xxh3)
            problem(fmt::format("{}: xxh3 does not match manifest.json", e.file));
        readable.push_back(&e);
    }
    std::error_code ec;
    if (fs::is_directory(options.dir / "data", ec))
        for (const auto& f : fs::directory_iterator(options.dir / "data")) {
            std::string rel = "data/" + f.path().filename().string();
            if (!listed.count(rel)) problem(fmt::format("{}: not listed in manifest.json", rel));
        }

    bool generated = m->kind == "generate";
    Layout layout;
    if (generated) {
        layout.count = m->config.at("count");
        layout.shard_size = m->config.at("shard_size");
    }

    StatsCollector stats;
    HashSet hashes, ids;
    unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    size_t shard_pos = 0;
    std::unique_ptr<ShardReader> reader;
    uint64_t shard_records = 0, last_index = 0;
    bool have_index = false;
    Progress progress("validate", 0, options.quiet);

    auto close_shard = [&](const ShardEntry& e) {
        if (shard_records != e.records)
            problem(fmt::format("{}: {} records, manifest.json says {}", e.file, shard_records, e.records));
        stats.add_shard_counts(e);
    };

    // More threads than cores is allowed (--jobs is the user's choice), without TBB's warning.
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::global_control stack(tbb::global_control::thread_stack_size, kWorkerStackBytes); // workers compile
    tbb::task_arena arena(static_cast<int>(jobs));
    InFlight<Line> in_flight;
    arena.execute([&] {
        tbb::parallel_pipeline(
            jobs * 4,
            tbb::make_filter<void,
                             Line*>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) -> Line* {
                for (;;) {
                    if (shard_pos >= readable.size()) {
                        fc.stop();
                        return nullptr;
                    }
                    if (!reader)
                        reader = std::make_unique<ShardReader>(options.dir / readable[shard_pos]->file);
                    Line* l = in_flight.add();
                    try {
                        if (reader->next(l->text)) {
                            l->shard = readable[shard_pos];
                            l->line_number = reader->line_number();
                            return l;
                        }
                    } catch (const DataError& e) {
                        l->shard = readable[shard_pos];
                        l->problems.push_back(e.what());
                        reader.reset();
                        ++shard_pos;
                        return l;
                    }
                    reader.reset();
                    ++shard_pos;
                    // an end-of-shard marker
                    Line* marker = in_flight.add();
                    marker->shard = readable[shard_pos - 1];
                    marker->line_number = 0;
                    return marker;
                }
            }) & tbb::make_filter<Line*, Line*>(tbb::filter_mode::parallel, [&](Line* l) {
                if (l->line_number > 0) check_line(*l, options.recompile);
                return l;
            }) & tbb::make_filter<Line*, void>(tbb::filter_mode::serial_in_order, [&](Line* l) {
                std::unique_ptr<Line, std::function<void(Line*)>> done(
                    l, [&](Line* p) { in_flight.release(p); });
                if (l->line_number == 0) {
                    for (auto& p : l->problems) problem(fmt::format("{}: {}", l->shard->file, p));
                    close_shard(*l->shard);
                    shard_records = 0;
                    have_index = false;
                    return;
                }
                ++shard_records;
                ++report.records;
                std::string where =
                    l->parsed ? fmt::format("record {} ({}:{})", l->record.id, l->shard->file, l->line_number)
                              : fmt::format("{}:{}", l->shard->file, l->line_number);
                for (auto& p : l->problems) problem(fmt::format("{}: {}", where, p));
                if (!l->parsed) return;
                const Record& r = l->record;
                if (!ids.insert(XXH3_64bits(r.id.data(), r.id.size())))
                    problem(fmt::format("{}: the id appears twice", where));
                if (!hashes.insert(l->hash)) {
                    problem(fmt::format("{}: exact duplicate of an earlier record (source_hash {})", where,
                                        r.source_hash));
                    stats.add_duplicate_in_data();
                }
                if (generated) {
                    uint64_t k = l->shard->shard;
                    if (r.index < layout.first_index(k) || r.index >= layout.end_index(k))
                        problem(fmt::format("{}: index {} is outside its shard's range [{}, {})", where,
                                            r.index, layout.first_index(k), layout.end_index(k)));
                    if (have_index && r.index <= last_index)
                        problem(fmt::format("{}: records are not in index order", where));
                    if (r.id != generated_record_id(r.seed, r.index))
                        problem(fmt::format("{}: id does not match seed and index", where));
                    last_index = r.index;
                    have_index = true;
                }
                if (l->shard->verified && r.verification.empty())
                    problem(fmt::format("{}: its shard is marked verified but it has no verdicts", where));
                stats.add_record(r, l->measures);
                progress.update(report.records, report.records);
            }));
    });

    // stats.json against the records.
    fs::path stats_path = options.dir / "stats.json";
    if (!fs::exists(stats_path, ec)) {
        problem("stats.json is missing");
    } else {
        try {
            json stored = json::parse(read_file(stats_path));
            stored.erase("timing");
            for (const char* key : kStatsFromConfig) stored.erase(key); // from the manifest, not the records
            json fresh = stats.to_json();
            if (stored != fresh) {
                std::string keys;
                for (auto it = fresh.begin(); it != fresh.end(); ++it)
                    if (!stored.contains(it.key()) || stored.at(it.key()) != it.value())
                        keys += (keys.empty() ? "" : ", ") + it.key();
                problem(fmt::format("stats.json does not match the records (differs in: {})", keys));
            }
        } catch (const json::exception& e) {
            problem(fmt::format("stats.json is not valid JSON: {}", e.what()));
        }
    }
    progress.finish(
        fmt::format("warpsynth validate: {} records in {}: {}", report.records, options.dir.string(),
                    report.problems.empty() ? std::string("no problems")
                                            : fmt::format("{} problems", report.problems.size())));
    return report;
}

} // namespace ws::dataset
