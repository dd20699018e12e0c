#include "dataset/extract.h"

#include "analysis/comments.h"
#include "dataset/dataset_writer.h"
#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/license.h"
#include "dataset/manifest.h"
#include "dataset/own_module.h"
#include "dataset/progress.h"
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

bool is_wp_attr(const ast::Expr* e, const char* attr) {
    if (!e || e->kind != ast::ExprKind::Attribute) return false;
    auto* a = static_cast<const ast::Attribute*>(e);
    if (a->attr != attr || !a->value || a->value->kind != ast::ExprKind::Name) return false;
    const std::string& base = static_cast<const ast::Name*>(a->value)->id;
    return base == "wp" || base == "warp";
}

// 0: not decorated; 1: bare decorator; 2: decorator called with arguments.
int decoration(const std::vector<ast::Expr*>& decorators, const char* attr) {
    for (const ast::Expr* d : decorators) {
        if (is_wp_attr(d, attr)) return 1;
        if (d->kind == ast::ExprKind::Call && is_wp_attr(static_cast<const ast::Call*>(d)->func, attr))
            return 2;
    }
    return 0;
}

bool assigns_wp_config(const ast::Stmt* s) {
    if (s->kind != ast::StmtKind::Assign && s->kind != ast::StmtKind::AugAssign) return false;
    std::vector<ast::Expr*> targets;
    if (s->kind == ast::StmtKind::Assign)
        targets = static_cast<const ast::Assign*>(s)->targets;
    else
        targets.push_back(static_cast<const ast::AugAssign*>(s)->target);
    for (const ast::Expr* t : targets) {
        // wp.config.x = ...
        while (t && t->kind == ast::ExprKind::Attribute) {
            auto* a = static_cast<const ast::Attribute*>(t);
            if (is_wp_attr(a, "config")) return true;
            t = a->value;
        }
    }
    return false;
}

std::string lines_of(const SourceFile& src, int first, int last) {
    std::string out;
    for (int l = first; l <= last; ++l) {
        out += src.line(l);
        out += '\n';
    }
    return out;
}

// The identifiers in a text (names in strings and comments too: a superset is safe).
std::set<std::string, std::less<>> identifiers(std::string_view text) {
    std::set<std::string, std::less<>> out;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t i = 0; i < text.size();) {
        if (!word(text[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && word(text[j])) ++j;
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) out.emplace(text.substr(i, j - i));
        i = j;
    }
    return out;
}

// A module-level statement every kernel of the file may use.
struct SharedStmt {
    int first_line = 0;
    std::string text;
    bool is_def = false;              // a function or class (two blank lines before it)
    bool sets_module_options = false; // `wp.set_module_options(...)`: not for a kernel of its own module
    bool is_assignment = false;       // an assignment or import: kept only when a kept statement
                                      // names what it binds
    std::vector<std::string> binds;   // the names it binds
    std::set<std::string, std::less<>> names;
};

SharedStmt shared_stmt(const SourceFile& source, const ast::Stmt* s, int first_line) {
    SharedStmt out;
    out.first_line = first_line;
    out.text = lines_of(source, first_line, s->pos.end_line);
    out.is_def = s->kind == ast::StmtKind::FunctionDef || s->kind == ast::StmtKind::ClassDef;
    out.names = identifiers(out.text);
    std::vector<const ast::Expr*> targets;
    if (s->kind == ast::StmtKind::Assign)
        targets.assign(static_cast<const ast::Assign*>(s)->targets.begin(),
                       static_cast<const ast::Assign*>(s)->targets.end());
    if (s->kind == ast::StmtKind::AnnAssign) targets.push_back(static_cast<const ast::AnnAssign*>(s)->target);
    for (const ast::Expr* t : targets)
        if (t->kind == ast::ExprKind::Name) out.binds.push_back(static_cast<const ast::Name*>(t)->id);
    out.is_assignment = !out.binds.empty() && out.binds.size() == targets.size();
    // An import binds names too (`import a.b` binds `a`); `*` and __future__ imports stay.
    std::vector<ast::Alias> aliases;
    if (s->kind == ast::StmtKind::Import) aliases = static_cast<const ast::Import*>(s)->names;
    if (s->kind == ast::StmtKind::ImportFrom &&
        static_cast<const ast::ImportFrom*>(s)->module != "__future__")
        aliases = static_cast<const ast::ImportFrom*>(s)->names;
    for (const ast::Alias& a : aliases)
        out.binds.push_back(!a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')));
    if (!aliases.empty())
        out.is_assignment =
            std::none_of(aliases.begin(), aliases.end(), [](const auto& a) { return a.name == "*"; });
    return out;
}

// Which shared statements the kernel's module keeps: structs and functions, and the assignments
// and imports of names that a kept statement uses. Host code such as `devices = get_devices()` or
// `from pxr import Usd` goes: Warp's code for the kernel does not depend on it, and the record's
// python_source loads without the libraries the host code needed.
std::vector<bool> kept_for(const std::vector<SharedStmt>& shared, const std::string& kernel_text,
                           bool own_module) {
    std::vector<bool> kept(shared.size());
    std::set<std::string, std::less<>> used = identifiers(kernel_text);
    for (size_t i = 0; i < shared.size(); ++i)
        if (!shared[i].is_assignment && !(own_module && shared[i].sets_module_options)) {
            kept[i] = true;
            used.insert(shared[i].names.begin(), shared[i].names.end());
        }
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < shared.size(); ++i) {
            if (kept[i]) continue;
            for (const std::string& b : shared[i].binds) kept[i] = kept[i] || used.count(b) > 0;
            if (!kept[i]) continue;
            used.insert(shared[i].names.begin(), shared[i].names.end());
            grew = true;
        }
    }
    return kept;
}

// The kernel's reduced module: the kept shared statements and the kernel, in file order.
std::string reduced_module(const std::vector<SharedStmt>& shared, const std::string& kernel_text,
                           int kernel_line, bool own_module) {
    std::vector<bool> kept = kept_for(shared, kernel_text, own_module);
    std::string reduced;
    bool kernel_placed = false;
    auto append = [&](const std::string& segment, bool is_def) {
        if (!reduced.empty()) reduced += is_def ? "\n\n" : "";
        reduced += segment;
    };
    for (size_t i = 0; i < shared.size(); ++i) {
        if (!kernel_placed && shared[i].first_line > kernel_line) {
            append(kernel_text, true);
            kernel_placed = true;
        }
        if (kept[i]) append(shared[i].text, shared[i].is_def);
    }
    if (!kernel_placed) append(kernel_text, true);
    return reduced;
}

// A file as extract found it: under which root, and the licence of its tree.
struct FoundFile {
    fs::path path;
    std::string origin_path; // <root's name>/<path under root>, or the file's name
    std::string license;
};

void scan_file(const FoundFile& file, std::vector<KernelCandidate>& out, std::vector<Skipped>& skipped) {
    const fs::path& path = file.path;
    std::unique_ptr<ast::Module> module;
    std::shared_ptr<const SourceFile> source;
    try {
        source = std::make_shared<const SourceFile>(path.string(), read_source_file(path.string()));
        module = parse_module(source);
    } catch (const SourceReadError& e) {
        skipped.push_back({path.string(), e.what()});
        return;
    } catch (const LimitError& e) {
        skipped.push_back({path.string(), "over a limit: " + e.format()});
        return;
    } catch (const CompileError& e) {
        skipped.push_back({path.string(), "does not parse: " + e.format()});
        return;
    }
    // What every kernel of the file may use, in file order.
    std::vector<SharedStmt> shared;
    std::vector<const ast::FunctionDef*> kernels;
    for (const ast::Stmt* s : module->body) {
        if (assigns_wp_config(s)) {
            skipped.push_back({fmt::format("{}:{}", path.string(), s->pos.line),
                               "sets wp.config, which changes the generated code: file skipped"});
            return;
        }
        switch (s->kind) {
        case ast::StmtKind::Import:
        case ast::StmtKind::ImportFrom: shared.push_back(shared_stmt(*source, s, s->pos.line)); break;
        case ast::StmtKind::Assign:
        case ast::StmtKind::AnnAssign: {
            bool names_only = true;
            if (s->kind == ast::StmtKind::Assign)
                for (const ast::Expr* t : static_cast<const ast::Assign*>(s)->targets)
                    names_only = names_only && t->kind == ast::ExprKind::Name;
            if (names_only) shared.push_back(shared_stmt(*source, s, s->pos.line));
            break;
        }
        case ast::StmtKind::Expr: {
            // The file's module options change the code of its kernels.
            auto* e = static_cast<const ast::ExprStmt*>(s)->value;
            if (e->kind == ast::ExprKind::Call &&
                is_wp_attr(static_cast<const ast::Call*>(e)->func, "set_module_options")) {
                shared.push_back(shared_stmt(*source, s, s->pos.line));
                shared.back().sets_module_options = true;
            }
            break;
        }
        case ast::StmtKind::ClassDef: {
            auto* c = static_cast<const ast::ClassDef*>(s);
            if (decoration(c->decorators, "struct") == 1)
                shared.push_back(shared_stmt(*source, s, c->first_line));
            break;
        }
        case ast::StmtKind::FunctionDef: {
            auto* f = static_cast<const ast::FunctionDef*>(s);
            if (decoration(f->decorators, "func") == 1)
                shared.push_back(shared_stmt(*source, s, f->first_line));
            // @wp.kernel(...) options are the compiler's: it applies them or says why not.
            if (decoration(f->decorators, "kernel") != 0) kernels.push_back(f);
            break;
        }
        default: break;
        }
    }
    // Every kernel's reduced module repeats what the kernels share: bound the
    // total, which grows with kernels x shared definitions.
    size_t shared_bytes = 0;
    for (const SharedStmt& s : shared) shared_bytes += s.text.size();
    if (kernels.size() * shared_bytes > kMaxReducedBytes) {
        skipped.push_back({path.string(), fmt::format("its {} kernels would each repeat {} bytes of shared "
                                                      "definitions, more than {} MiB in all: file skipped",
                                                      kernels.size(), shared_bytes, kMaxReducedBytes >> 20)});
        return;
    }
    for (const ast::FunctionDef* k : kernels) {
        std::optional<std::string> own = own_module_kernel_text(*source, *k);
        std::string reduced =
            reduced_module(shared, own ? *own : lines_of(*source, k->first_line, k->pos.end_line),
                           k->first_line, own.has_value());
        const std::string* doc = analysis::docstring(k->body);
        out.push_back(KernelCandidate{path.string(), k->first_line, k->name, std::move(reduced),
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

// The kernels of every file, parsed in parallel, in file order.
std::vector<KernelCandidate> scan_files(const std::vector<FoundFile>& files, tbb::task_arena& arena,
                                        std::vector<Skipped>& skipped) {
    std::vector<std::vector<KernelCandidate>> kernels(files.size());
    std::vector<std::vector<Skipped>> skips(files.size());
    arena.execute([&] {
        tbb::parallel_for(size_t{0}, files.size(),
                          [&](size_t i) { scan_file(files[i], kernels[i], skips[i]); });
    });
    std::vector<KernelCandidate> out;
    for (size_t i = 0; i < files.size(); ++i) {
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
                if (over_size_limit(b.record, options.max_code_lines)) {
                    first[i].oversized = true;
                    first[i].reason =
                        fmt::format("{} lines of C++, over the size limit (--max-code-lines {})",
                                    code_lines(b.record), options.max_code_lines);
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
    std::vector<KernelCandidate> kernels = scan_files(files, arena, summary.skipped);
    summary.kernels = kernels.size();

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
            json j;
            to_json(j, b.record);
            if (writer.add_record(j.dump(), b.record, b.fingerprint.structure_hash, b.measures()))
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
