#include "export/decontaminate.h"

#include "dataset/dataset_writer.h"
#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/record_reader.h"
#include "dataset/stats.h"
#include "export/kernel_text.h"
#include "export/record_stream.h"
#include "export/reference_index.h"
#include "export/references.h"

#include <algorithm>
#include <fmt/format.h>
#include <optional>
#include <thread>

namespace ws::exporting {

namespace fs = std::filesystem;
using dataset::ConfigError;
using dataset::IoError;
using nlohmann::json;

namespace {

dataset::Manifest load_input(const DecontaminateOptions& o) {
    dataset::Manifest m = dataset::load_complete_manifest(o.input);
    std::error_code ec;
    if (!(o.threshold > 0 && o.threshold <= 1))
        throw ConfigError(fmt::format("--threshold {}: must be in (0, 1]", o.threshold));
    if (o.drop && o.out.empty()) throw ConfigError("--drop needs --out OUT");
    if (!o.drop && !o.out.empty()) throw ConfigError("--out is only for --drop");
    if (o.drop && fs::exists(o.out, ec))
        throw ConfigError(fmt::format("--out {} already exists", o.out.string()));
    if (o.shard_size == 0) throw ConfigError("--shard-size must be at least 1");
    return m;
}

struct Found {
    std::string id, kernel_name;
    std::optional<ReferenceMatch> match;
};

// Pass 1: the best reference of every record, in dataset order.
std::vector<Found> find_matches(const DecontaminateOptions& o, const dataset::Manifest& m,
                                const Contamination& contamination, dataset::Progress& progress) {
    std::vector<Found> found;
    transform_records<Found>(
        o.input, m.shards, o.jobs,
        [&](const dataset::Record& r) {
            return Found{r.id, r.kernel_name, contamination.match(r)};
        },
        [&](Found& f) {
            found.push_back(std::move(f));
            progress.update(found.size(), 0);
        });
    return found;
}

json make_report(const DecontaminateOptions& o, const Contamination& contamination,
                 const std::vector<Found>& found) {
    json matches = json::array();
    for (const auto& f : found) {
        if (!f.match) continue;
        const Reference& r = contamination.references().kernels[f.match->reference];
        matches.push_back(json{{"id", f.id},
                               {"kernel_name", f.kernel_name},
                               {"reference", r.where},
                               {"reference_kernel", r.name},
                               {"similarity", f.match->similarity}});
    }
    json report = contamination.summary(found.size(), matches.size());
    report["format"] = "warpsynth-decontamination/1";
    report["input"] = o.input.string();
    report["matches"] = std::move(matches);
    return report;
}

// The part of the report that goes into the output's manifest, stats.json and card.
json summary_of(const json& report) {
    json s = report;
    s.erase("matches");
    s.erase("format");
    return s;
}

// Pass 2 (--drop): the records without a match, through the dataset writer.
void write_kept(const DecontaminateOptions& o, const dataset::Manifest& m, const std::vector<Found>& found,
                const json& report, const fs::path& tmp) {
    uint64_t kept = report.at("kept");
    bool all_verified =
        std::all_of(m.shards.begin(), m.shards.end(), [](const auto& e) { return e.verified; });
    json config{{"input", {{"kind", m.kind}, {"config", m.config}}},
                {"decontamination", summary_of(report)},
                {"shard_size", o.shard_size},
                {"compress", true}};
    uint64_t shard_count = (kept + o.shard_size - 1) / o.shard_size;
    dataset::DatasetWriter writer(tmp, "decontaminate", config, shard_count, true, true);
    uint64_t ordinal = 0, shard = 0, in_shard = 0;
    bool open = false;
    for (const auto& e : m.shards)
        dataset::for_each_record(o.input, e, [&](const std::string& line, const dataset::Record& r) {
            uint64_t i = ordinal++;
            if (i >= found.size() || found[i].id != r.id)
                throw dataset::DataError(
                    fmt::format("{}: record {} changed between the passes", o.input.string(), r.id));
            if (found[i].match) return;
            if (open && in_shard == o.shard_size) {
                writer.end_shard();
                open = false;
                ++shard;
            }
            if (!open) {
                writer.begin_shard(shard);
                if (all_verified) writer.mark_verified();
                open = true;
                in_shard = 0;
            }
            writer.add_candidate();
            if (writer.add_record(line, r, dataset::parse_hash_hex(r.source_hash),
                                  dataset::measure_source(r.python_source)))
                ++in_shard;
        });
    if (open) writer.end_shard();
    writer.finalize(json::object());
}

void drop_contaminated(const DecontaminateOptions& o, const dataset::Manifest& m,
                       const std::vector<Found>& found, const json& report) {
    fs::path out = fs::absolute(o.out).lexically_normal();
    if (out.filename().empty()) out = out.parent_path(); // "--out clean/"
    fs::path tmp = out.parent_path() / fmt::format(".{}.decontaminate-tmp", out.filename().string());
    dataset::ensure_writable_directory(out.parent_path());
    fs::remove_all(tmp); // left by an interrupted run
    write_kept(o, m, found, report, tmp);
    dataset::sync_directory(tmp);
    dataset::publish_folder(tmp, out);
}

} // namespace

Contamination::Contamination(const std::vector<fs::path>& against, const std::string& warp_include,
                             double threshold)
    : threshold_(threshold) {
    references_ = std::make_unique<ReferenceSet>(
        load_references(against.empty() ? default_reference_paths(warp_include) : against));
    if (references_->kernels.empty())
        throw ConfigError(fmt::format("no @wp.kernel function in the references ({})",
                                      fmt::join(references_->sources, ", ")));
    index_ = std::make_unique<ReferenceIndex>(*references_, threshold);
}

std::optional<ReferenceMatch> Contamination::match(const dataset::Record& r) const {
    return index_->best_match(
        analysis::normalized_signature(kernel_text(r.python_source, r.kernel_name).text));
}

json Contamination::summary(uint64_t records, uint64_t contaminated) const {
    const ReferenceSet& refs = *references_;
    return json{
        {"method", fmt::format("MinHash ({} entries) over 5-grams of the normalised tokens of the kernel "
                               "function, LSH 16x8, estimated Jaccard >= {}",
                               analysis::kMinHashSize, threshold_)},
        {"threshold", threshold_},
        {"records", records},
        {"contaminated", contaminated},
        {"kept", records - contaminated},
        {"references",
         {{"sources", refs.sources},
          {"kernels", refs.kernels.size()},
          {"files", refs.files},
          {"unparsed_files", refs.unparsed_files},
          {"skipped_paths", refs.skipped.size()}}}};
}

json run_decontaminate(const DecontaminateOptions& options) {
    DecontaminateOptions o = options;
    if (o.jobs == 0) o.jobs = std::max(1u, std::thread::hardware_concurrency());
    dataset::Manifest m = load_input(o);
    Contamination contamination(o.against, o.warp_include, o.threshold);
    dataset::Progress progress("decontaminate", 0, o.quiet);
    std::vector<Found> found = find_matches(o, m, contamination, progress);
    json report = make_report(o, contamination, found);
    if (o.drop) drop_contaminated(o, m, found, report);
    progress.finish(fmt::format(
        "warpsynth decontaminate: {} of {} records contaminated ({} reference kernels){}",
        report.at("contaminated").get<uint64_t>(), found.size(), contamination.references().kernels.size(),
        o.drop ? fmt::format("; {} kept in {}", report.at("kept").get<uint64_t>(), o.out.string())
               : std::string()));
    return report;
}

std::string decontamination_text(const json& report) {
    const json& refs = report.at("references");
    std::string out = fmt::format(
        "records: {}\ncontaminated: {}\nkept: {}\nthreshold: {}\nreference kernels: {} from {} files ({})\n",
        report.at("records").get<uint64_t>(), report.at("contaminated").get<uint64_t>(),
        report.at("kept").get<uint64_t>(), report.at("threshold").get<double>(),
        refs.at("kernels").get<uint64_t>(), refs.at("files").get<uint64_t>(),
        fmt::join(refs.at("sources").get<std::vector<std::string>>(), ", "));
    for (const auto& mt : report.at("matches"))
        out += fmt::format("{}\t{}\t{:.3f}\t{}\n", mt.at("id").get<std::string>(),
                           mt.at("reference").get<std::string>(), mt.at("similarity").get<double>(),
                           mt.at("kernel_name").get<std::string>());
    return out;
}

} // namespace ws::exporting
