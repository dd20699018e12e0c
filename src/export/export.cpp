#include "export/export.h"

#include "dataset/dataset_writer.h"
#include "dataset/fault.h"
#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/shard_writer.h"
#include "dataset/stats.h"
#include "export/card.h"
#include "export/decontaminate.h"
#include "export/record_stream.h"
#include "export/token_count.h"
#include "verify/totals.h"

#include <fmt/format.h>
#include <map>
#include <memory>
#include <optional>
#include <thread>

namespace ws::exporting {

namespace fs = std::filesystem;
using dataset::ConfigError;
using dataset::IoError;
using nlohmann::json;

namespace {

// What pass 1 decides for each record, by ordinal: the index of the reason it
// was left out, or kKept.
constexpr uint8_t kKept = 0;

struct Pass1 {
    std::vector<uint8_t> status;
    std::vector<std::string> reasons{"kept"}; // index 0 is kKept
    std::map<std::string, uint64_t> removed;
    SplitGrouping grouping;
    dataset::Distribution prompt_tokens, answer_tokens, prompt_chars, answer_chars;
    uint64_t records = 0;

    uint8_t reason_index(const std::string& reason) {
        ++removed[reason];
        for (size_t i = 1; i < reasons.size(); ++i)
            if (reasons[i] == reason) return static_cast<uint8_t>(i);
        reasons.push_back(reason);
        return static_cast<uint8_t>(reasons.size() - 1);
    }
};

// The reason a record is left out as contaminated (a key of export.json's "removed").
const char* const kContaminated = "near-duplicate of a reference kernel (--decontaminate)";

dataset::Manifest load_input(const ExportOptions& o) {
    dataset::Manifest m = dataset::load_complete_manifest(o.input);
    std::error_code ec;
    const double t = o.decontamination.threshold;
    if (o.decontamination.enabled && !(t > 0 && t <= 1))
        throw ConfigError(fmt::format("--threshold {}: must be in (0, 1]", t));
    if (o.verified_only)
        for (const auto& e : m.shards)
            if (!e.verified)
                throw ConfigError(fmt::format("--verified-only: {} was not verified ({} has no verdicts; run "
                                              "`warpsynth verify {}` first)",
                                              o.input.string(), e.file, o.input.string()));
    if (fs::exists(o.out, ec) && fs::weakly_canonical(o.out) == fs::weakly_canonical(o.input))
        throw ConfigError(fmt::format("--out {} is the input folder", o.out.string()));
    if (fs::exists(o.out, ec) && !o.overwrite)
        throw ConfigError(fmt::format("--out {} already exists (--overwrite replaces it)", o.out.string()));
    return m;
}

// The example of a record, or the reason it has none under the options
// (`contamination` is null without --decontaminate).
ExampleOrSkip decide(const ExportOptions& o, const Contamination* contamination, const dataset::Record& r) {
    if (contamination && contamination->match(r)) return {std::nullopt, kContaminated};
    if (o.verified_only && !verify::is_verified(r.verification)) return {std::nullopt, "not verified"};
    ExampleOrSkip ex = make_example(o.task, r);
    if (!ex.example) return ex;
    uint64_t chars = prompt_text(*ex.example).size() + ex.example->output.size();
    if (o.max_chars > 0 && chars > o.max_chars)
        return {std::nullopt, fmt::format("prompt and answer over --max-chars {}", o.max_chars)};
    return ex;
}

int as_int(uint64_t n) {
    return static_cast<int>(std::min<uint64_t>(n, INT32_MAX));
}

// What pass 1 keeps of a record: its fingerprints, and whether and how long a row it makes.
struct Measured {
    uint64_t structure_hash = 0;
    analysis::MinHashSignature signature{};
    std::string skip_reason; // empty: the record becomes a row
    int prompt_tokens = 0, answer_tokens = 0, prompt_chars = 0, answer_chars = 0;
};

Measured measure(const ExportOptions& o, const Contamination* contamination, const dataset::Record& r) {
    Measured m;
    m.structure_hash = dataset::parse_hash_hex(r.source_hash);
    m.signature = analysis::fingerprint(r.python_source).signature;
    ExampleOrSkip ex = decide(o, contamination, r);
    if (!ex.example) {
        m.skip_reason = std::move(ex.skip_reason);
        return m;
    }
    std::string prompt = prompt_text(*ex.example);
    m.prompt_tokens = as_int(approximate_tokens(prompt));
    m.answer_tokens = as_int(approximate_tokens(ex.example->output));
    m.prompt_chars = as_int(prompt.size());
    m.answer_chars = as_int(ex.example->output.size());
    return m;
}

Pass1 first_pass(const ExportOptions& o, const Contamination* contamination, const dataset::Manifest& m,
                 dataset::Progress& progress) {
    Pass1 p;
    transform_records<Measured>(
        o.input, m.shards, o.jobs, [&](const dataset::Record& r) { return measure(o, contamination, r); },
        [&](Measured& x) {
            p.grouping.add(x.structure_hash, x.signature);
            if (!x.skip_reason.empty()) {
                p.status.push_back(p.reason_index(x.skip_reason));
            } else {
                p.status.push_back(kKept);
                p.prompt_tokens.add(x.prompt_tokens);
                p.answer_tokens.add(x.answer_tokens);
                p.prompt_chars.add(x.prompt_chars);
                p.answer_chars.add(x.answer_chars);
            }
            progress.update(++p.records, 0);
        });
    return p;
}

// Shard files of one split, opened as rows arrive.
struct SplitFiles {
    std::string name;
    uint64_t rows = 0, written = 0, files = 0;
    std::unique_ptr<dataset::ShardWriter> writer;
    json entries = json::array();
};

void write_row(const fs::path& tmp, SplitFiles& s, uint64_t shard_size, const std::string& line) {
    if (!s.writer) {
        std::string file =
            fmt::format("data/{}-{:05}-of-{:05}.jsonl.zst", s.name, s.written / shard_size, s.files);
        s.writer = std::make_unique<dataset::ShardWriter>(tmp / file, true);
        s.entries.push_back(file);
    }
    s.writer->write_line(line);
    if (++s.written % shard_size == 0) {
        s.writer->finish();
        s.writer.reset();
    }
}

// Pass 2 makes the rows of the records pass 1 kept. It does not ask the (costly) contamination
// index again: pass 1's verdict is in `p.status`; every other decision is made anew and must agree.
void second_pass(const ExportOptions& o, const dataset::Manifest& m, const fs::path& tmp, const Pass1& p,
                 const std::vector<Split>& splits, std::array<SplitFiles, 3>& files) {
    fs::create_directories(tmp / "data");
    struct Row {
        std::string id, line; // line empty: no row
    };
    uint64_t ordinal = 0;
    transform_records<Row>(
        o.input, m.shards, o.jobs,
        [&](const dataset::Record& r) {
            ExampleOrSkip ex = decide(o, nullptr, r);
            return Row{r.id, ex.example ? make_row(o.format, o.task, *ex.example, r).dump() : std::string()};
        },
        [&](Row& row) {
            uint64_t i = ordinal++;
            const bool contaminated = i < p.status.size() && p.reasons[p.status[i]] == kContaminated;
            if (i >= p.status.size() || (!contaminated && (p.status[i] == kKept) == row.line.empty()))
                throw dataset::DataError(
                    fmt::format("{}: record {} changed between the passes", o.input.string(), row.id));
            if (p.status[i] != kKept) return;
            write_row(tmp, files[static_cast<size_t>(splits[i])], o.shard_size, row.line);
            dataset::fault_point("export_row");
        });
    for (auto& s : files)
        if (s.writer) s.writer->finish();
}

json figures(const dataset::Distribution& d) {
    return json{{"p50", d.percentile(50)},
                {"p90", d.percentile(90)},
                {"p99", d.percentile(99)},
                {"max", d.counts.empty() ? 0 : d.counts.rbegin()->first},
                {"mean", d.mean()}};
}

json report(const ExportOptions& o, const Contamination* contamination, const dataset::Manifest& m,
            const Pass1& p, const SplitGrouping& g, const std::array<SplitFiles, 3>& files) {
    json splits = json::object(), data_files = json::object();
    for (const auto& s : files) {
        splits[s.name] = s.rows;
        data_files[s.name] = s.entries;
    }
    json removed(p.removed);
    json decontamination = nullptr;
    if (contamination) {
        auto n = p.removed.find(kContaminated);
        decontamination = contamination->summary(p.records, n == p.removed.end() ? 0 : n->second);
    }
    return json{{"format", "warpsynth-export/1"},
                {"source", {{"path", o.input.string()}, {"kind", m.kind}, {"records", p.records}}},
                {"task", task_name(o.task)},
                {"row_format", format_name(o.format)},
                {"split_ratio", o.split.text()},
                {"verified_only", o.verified_only},
                {"max_chars", o.max_chars},
                {"rows", p.prompt_tokens.total()},
                {"splits", splits},
                {"data_files", data_files},
                {"removed", removed},
                {"decontamination", decontamination},
                {"near_duplicate_groups",
                 {{"groups", g.groups()}, {"records_in_shared_groups", g.grouped_records()}}},
                {"tokens", {{"prompt", figures(p.prompt_tokens)}, {"answer", figures(p.answer_tokens)}}},
                {"chars", {{"prompt", figures(p.prompt_chars)}, {"answer", figures(p.answer_chars)}}}};
}

} // namespace

json run_export(const ExportOptions& options) {
    ExportOptions o = options;
    if (o.jobs == 0) o.jobs = std::max(1u, std::thread::hardware_concurrency());
    if (o.shard_size == 0) throw ConfigError("--shard-size must be at least 1");
    dataset::Manifest m = load_input(o);
    std::optional<Contamination> contamination;
    if (o.decontamination.enabled)
        contamination.emplace(o.decontamination.against, o.decontamination.warp_include,
                              o.decontamination.threshold);
    const Contamination* c = contamination ? &*contamination : nullptr;
    dataset::Progress progress("export", 0, o.quiet);
    Pass1 p = first_pass(o, c, m, progress);
    if (p.prompt_tokens.total() == 0) {
        std::string why;
        for (const auto& [reason, n] : p.removed)
            why += fmt::format("{}{}: {}", why.empty() ? "" : ", ", reason, n);
        throw ConfigError(fmt::format("no record of {} makes a {} row ({} records; {})", o.input.string(),
                                      task_name(o.task), p.records,
                                      why.empty() ? "the dataset is empty" : why));
    }
    std::vector<Split> splits = p.grouping.assign(o.split);

    std::array<SplitFiles, 3> files;
    for (size_t s = 0; s < 3; ++s) files[s].name = kSplitNames[s];
    for (size_t i = 0; i < splits.size(); ++i)
        if (p.status[i] == kKept) ++files[static_cast<size_t>(splits[i])].rows;
    for (auto& s : files) s.files = (s.rows + o.shard_size - 1) / o.shard_size;

    fs::path out = fs::absolute(o.out).lexically_normal();
    if (out.filename().empty()) out = out.parent_path(); // "--out sft/"
    fs::path tmp = out.parent_path() / fmt::format(".{}.export-tmp", out.filename().string());
    dataset::ensure_writable_directory(out.parent_path());
    fs::remove_all(tmp); // left by an interrupted export
    second_pass(o, m, tmp, p, splits, files);

    json r = report(o, c, m, p, p.grouping, files);
    dataset::write_file_atomically(tmp / "export.json", r.dump(2) + "\n");
    dataset::write_file_atomically(tmp / "README.md", export_card(r));
    dataset::sync_directory(tmp);
    dataset::fault_point("export_publish");
    dataset::publish_folder(tmp, out);
    progress.finish(fmt::format("warpsynth export: {} rows ({} train, {} validation, {} test) of {} records "
                                "from {} in {}; {} removed",
                                r.at("rows").get<uint64_t>(), files[0].rows, files[1].rows, files[2].rows,
                                p.records, o.input.string(), o.out.string(),
                                p.records - r.at("rows").get<uint64_t>()));
    return r;
}

} // namespace ws::exporting
