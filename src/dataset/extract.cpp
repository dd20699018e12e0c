#include "dataset/extract.h"

#include "analysis/comments.h"
#include "dataset/dataset_writer.h"
#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/license.h"
#include "dataset/manifest.h"
#include "dataset/own_module.h"
#include "dataset/progress.h"
#include "dataset/reduce_module.h"
#include "syntax/ast.h"
#include "syntax/large_stack.h"
#include "syntax/limits.h"
#include "syntax/parser.h"
#include "syntax/source.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>
#include <memory>
#include <set>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <thread>
#include <xxhash.h>

namespace ws::dataset {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The reduced modules of one file, in all (see scan_file).
constexpr size_t kMaxReducedBytes = size_t{64} << 20;

struct KernelCandidate {
    std::string file; // as named by the user (for the report only, never in records)
    int line = 0;
    std::string kernel_name;
    std::string module_source; // the reduced module
    std::string description;   // the first paragraph of the kernel's docstring
    Origin origin;
};

struct Pass1 {
    bool ok = false;
    bool oversized = false; // compiled, over the size limit
    uint64_t hash = 0;
    std::string reason;
};

// A file as extract found it: under which root, and the licence of its tree.
struct FoundFile {
    fs::path path;
    std::string origin_path; // <root's name>/<path under root>, or the file's name
    std::string license;
};

// Phase 1 of scanning: one file parsed, with its shared statements and kernels; `error` says why
// it is skipped.
struct FileScan {
    ParsedFile parsed;
    std::string where; // of the skip: the file, or the line that sets wp.config
    std::string error;
};

void parse_file(const FoundFile& file, FileScan& out) {
    ParsedFile& p = out.parsed;
    p.path = file.path.string();
    p.module = module_name_of(file.path);
    out.where = p.path;
    try {
        p.source = std::make_shared<const SourceFile>(p.path, read_source_file(p.path));
        p.tree = parse_module(p.source);
    } catch (const SourceReadError& e) {
        out.error = e.what();
        return;
    } catch (const LimitError& e) {
        out.error = "over a limit: " + e.format();
        return;
    } catch (const CompileError& e) {
        out.error = "does not parse: " + e.format();
        return;
    }
    if (std::string where = collect_shared(p); !where.empty()) {
        out.where = where;
        out.error = "sets wp.config, which changes the generated code: file skipped";
        return;
    }
    // Every kernel's reduced module repeats what the kernels share: bound the
    // total, which grows with kernels x shared definitions.
    size_t shared_bytes = 0;
    for (const SharedStmt& s : p.shared) shared_bytes += s.text.size();
    if (p.kernels.size() * shared_bytes > kMaxReducedBytes)
        out.error =
            fmt::format("its {} kernels would each repeat {} bytes of shared definitions, more than {} "
                        "MiB in all: file skipped",
                        p.kernels.size(), shared_bytes, kMaxReducedBytes >> 20);
}

// Phase 2: the reduced module of each kernel of a parsed file.
void reduce_file(const FoundFile& file, const FileScan& scan, const PackageModules& modules,
                 std::vector<KernelCandidate>& out, std::vector<Skipped>& skipped) {
    const ParsedFile& p = scan.parsed;
    for (const ast::FunctionDef* k : p.kernels) {
        std::optional<std::string> own = own_module_kernel_text(*p.source, *k);
        const std::string text = own ? *own : source_lines(*p.source, k->first_line, k->pos.end_line);
        std::string reduced;
        try {
            reduced = reduced_module(p, modules, text, *k, own.has_value());
        } catch (const ReduceError& e) {
            skipped.push_back({fmt::format("{}:{} ({})", p.path, k->first_line, k->name), e.what(), true});
            continue;
        }
        const std::string* doc = analysis::docstring(k->body);
        out.push_back(KernelCandidate{p.path, k->first_line, k->name, std::move(reduced),
                                      doc ? analysis::first_paragraph(*doc) : std::string(),
                                      Origin{file.origin_path, k->first_line, k->name, file.license}});
    }
}

// What was skipped, by reason with names and numbers blanked (manifest.cpp's failure_reason),
// for stats.json and the card: {"files": {reason: count}, "kernels": {reason: count}}.
json skip_summary(const std::vector<Skipped>& skipped) {
    std::map<std::string, uint64_t> files, kernels;
    for (const Skipped& s : skipped) {
        std::string reason = failure_reason(s.reason);
        for (const char* kind : {"does not parse: ", "over a limit: "})
            if (s.reason.rfind(kind, 0) == 0) reason = kind + reason;
        ++(s.kernel ? kernels : files)[reason];
    }
    return json{{"files", files}, {"kernels", kernels}};
}

std::string extract_id(const KernelCandidate& k) {
    std::string key = k.module_source + '\0' + k.kernel_name;
    return "x-" + hash_hex(XXH3_64bits(key.data(), key.size()));
}

BuiltRecord build(const KernelCandidate& k, DeviceSet device, uint64_t index) {
    Candidate c;
    c.python_source = k.module_source;
    c.kernel_name = k.kernel_name;
    c.category = "extracted";
    c.description = k.description;
    c.origin = k.origin;
    return build_record(std::move(c), extract_id(k), device, 0, index);
}

// The .py files under the roots given, each with its origin path and licence.
std::vector<FoundFile> find_files(const std::vector<fs::path>& roots, std::vector<Skipped>& skipped) {
    std::vector<FoundFile> files;
    std::vector<PathSkip> unreadable;
    LicenseFinder licenses;
    for (const auto& root : roots) {
        std::vector<fs::path> found;
        collect_python_files(root, found, &unreadable);
        fs::path base = root.lexically_normal();
        if (!base.has_filename()) base = base.parent_path();
        std::error_code ec; // the folder's own name, also for "." or ".."
        fs::path name = fs::weakly_canonical(base, ec).filename();
        if (ec || name.empty()) name = base.filename();
        for (fs::path& f : found) {
            fs::path rel = f.lexically_relative(base);
            std::string origin =
                rel.empty() || rel == "." ? f.filename().generic_string() : (name / rel).generic_string();
            files.push_back({f, std::move(origin), licenses.find(f, root)});
        }
    }
    for (PathSkip& u : unreadable) skipped.push_back({std::move(u.path), std::move(u.reason)});
    return files;
}

// The kernels of every file, in file order: the files parsed in parallel, then each kernel's
// reduced module, which may take definitions from any file (PackageModules).
std::vector<KernelCandidate> scan_files(const std::vector<FoundFile>& files, tbb::task_arena& arena,
                                        std::vector<Skipped>& skipped, uint64_t& kernels_found) {
    std::vector<FileScan> scans(files.size());
    arena.execute([&] {
        tbb::parallel_for(size_t{0}, files.size(), [&](size_t i) { parse_file(files[i], scans[i]); });
    });
    PackageModules modules;
    for (const FileScan& s : scans)
        if (s.error.empty()) modules.add(&s.parsed);
    std::vector<std::vector<KernelCandidate>> kernels(files.size());
    std::vector<std::vector<Skipped>> skips(files.size());
    arena.execute([&] {
        tbb::parallel_for(size_t{0}, files.size(), [&](size_t i) {
            if (scans[i].error.empty()) reduce_file(files[i], scans[i], modules, kernels[i], skips[i]);
        });
    });
    std::vector<KernelCandidate> out;
    for (size_t i = 0; i < files.size(); ++i) {
        if (!scans[i].error.empty()) skipped.push_back({scans[i].where, scans[i].error});
        if (scans[i].error.empty()) kernels_found += scans[i].parsed.kernels.size();
        std::move(kernels[i].begin(), kernels[i].end(), std::back_inserter(out));
        std::move(skips[i].begin(), skips[i].end(), std::back_inserter(skipped));
    }
    return out;
}

// Pass 1: which kernels compile, and their structure hashes (for the shard count).
std::vector<Pass1> first_pass(const std::vector<KernelCandidate>& kernels, const ExtractOptions& options,
                              tbb::task_arena& arena) {
    std::vector<Pass1> first(kernels.size());
    arena.execute([&] {
        tbb::parallel_for(size_t{0}, kernels.size(), [&](size_t i) {
            try {
                BuiltRecord b = build(kernels[i], options.device, i);
                if (over_size_limit(b, options.max_code_lines)) {
                    first[i].oversized = true;
                    first[i].reason =
                        fmt::format("{} lines of C++, over the size limit (--max-code-lines {})",
                                    b.code_lines, options.max_code_lines);
                    return;
                }
                first[i].ok = true;
                first[i].hash = b.fingerprint.structure_hash;
            } catch (const CompileError& e) {
                first[i].reason = e.format();
            } catch (const std::exception& e) {
                first[i].reason = fmt::format("internal compiler error: {}", e.what());
            }
        });
    });
    return first;
}

} // namespace

ExtractSummary extract(const ExtractOptions& options) {
    ExtractSummary summary;
    std::vector<FoundFile> files = find_files(options.paths, summary.skipped);
    summary.files = files.size();

    unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    // More threads than cores is allowed (--jobs is the user's choice), without TBB's warning.
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    // Workers parse and compile, both recursive: a stack of known size.
    tbb::global_control stack(tbb::global_control::thread_stack_size, kWorkerStackBytes);
    tbb::task_arena arena(static_cast<int>(jobs));
    std::vector<KernelCandidate> kernels = scan_files(files, arena, summary.skipped, summary.kernels);

    Progress progress("extract", kernels.size(), options.quiet);

    std::vector<Pass1> first = first_pass(kernels, options, arena);
    HashSet unique_set;
    uint64_t unique = 0;
    uint64_t sources_hash = 0;
    for (size_t i = 0; i < kernels.size(); ++i) {
        std::string key = kernels[i].module_source + '\0' + kernels[i].kernel_name;
        sources_hash = XXH3_64bits_withSeed(key.data(), key.size(), sources_hash);
        if (first[i].ok)
            unique += unique_set.insert(first[i].hash);
        else
            summary.skipped.push_back(
                {fmt::format("{}:{} ({})", kernels[i].file, kernels[i].line, kernels[i].kernel_name),
                 first[i].reason, true});
    }

    json config{{"device", device_set_name(options.device)},
                {"shard_size", options.shard_size},
                {"compress", options.compress},
                {"max_code_lines", options.max_code_lines},
                {"kernels", kernels.size()},
                {"sources_xxh3", hash_hex(sources_hash)},
                {"extract_skips", skip_summary(summary.skipped)},
                {"comment_path", comment_path_for("<id>")},
                {"generator_version", generator_version()},
                {"warp_version", warp_version()}};
    uint64_t shard_count = unique == 0 ? 0 : (unique + options.shard_size - 1) / options.shard_size;
    DatasetWriter writer(options.out, "extract", config, shard_count, options.compress, true);

    // Pass 2: build again (in parallel, a block at a time) and write in order.
    uint64_t shard = 0, in_shard = 0;
    if (shard_count > 0) writer.begin_shard(0);
    const size_t block = 256;
    for (size_t start = 0; start < kernels.size(); start += block) {
        size_t end = std::min(kernels.size(), start + block);
        std::vector<std::unique_ptr<BuiltRecord>> built(end - start);
        arena.execute([&] {
            tbb::parallel_for(start, end, [&](size_t i) {
                if (!first[i].ok) return;
                built[i - start] = std::make_unique<BuiltRecord>(build(kernels[i], options.device, i));
            });
        });
        for (size_t i = start; i < end; ++i) {
            if (shard_count == 0) break;
            if (!first[i].ok) {
                writer.add_candidate();
                if (first[i].oversized)
                    writer.add_oversized();
                else
                    writer.add_failure(true, failure_reason(first[i].reason));
                continue;
            }
            BuiltRecord& b = *built[i - start];
            if (in_shard == options.shard_size && !writer.is_duplicate(b.fingerprint.structure_hash)) {
                writer.end_shard();
                writer.begin_shard(++shard);
                in_shard = 0;
            }
            writer.add_candidate();
            std::string line;
            append_json(line, b.record);
            if (writer.add_record(line, b.record, b.fingerprint.structure_hash, b.measures()))
                ++in_shard;
            else
                ++summary.duplicates;
        }
        progress.update(end, writer.records_written());
    }
    if (shard_count > 0) writer.end_shard();
    writer.finalize(json::object());
    summary.records = writer.records_written();
    progress.finish(
        fmt::format("warpsynth extract: {} pairs in {} from {} kernels in {} files ({} skipped, {} "
                    "duplicates)",
                    summary.records, options.out.string(), summary.kernels, summary.files,
                    summary.skipped.size(), summary.duplicates));
    return summary;
}

} // namespace ws::dataset
