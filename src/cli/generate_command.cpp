// `warpsynth generate`: a dataset of synthesized kernels and their C++ (design §4-§6).
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/generate.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/progress.h"
#include "dataset/slice_spec.h"
#include "synth/library.h"
#include "synth/synth.h"
#include "verify/dataset_pass.h"
#include "verify/verify.h"

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

extern char** environ;

namespace ws::cli {

namespace {

struct GenerateArgs {
    uint64_t count = 0;
    uint64_t seed = 0;
    std::string categories;
    std::string device = "cuda";
    unsigned jobs = 0;
    std::string shard;
    uint64_t shard_count = 0;
    uint64_t shard_size = 10000;
    bool no_compress = false;
    bool resume = false;
    bool quiet = false;
    std::string out;
    std::string kernel_source = "synth";
    bool verify = false;
    bool drop_failed = false;
    uint64_t max_code_lines = dataset::kDefaultMaxCodeLines;
    std::string warp_include;
    bool list_idioms = false;
};

// `--list-idioms`: the synthesizer's library, domain by domain, with each
// idiom's phrase and signature.
void print_idioms() {
    const synth::Library& lib = synth::Library::get();
    std::cout << fmt::format("The idiom library: {} idioms in {} domains (grammar: src/synth/idiom.h).\n",
                             lib.all().size(), synth::kDomainCount);
    for (size_t d = 0; d < synth::kDomainCount; ++d) {
        const auto& idioms = lib.of(static_cast<synth::Domain>(d));
        std::cout << fmt::format("\n{} ({})\n", synth::domain_name(static_cast<synth::Domain>(d)),
                                 idioms.size());
        for (const synth::Idiom* i : idioms)
            std::cout << fmt::format("  {:<28} {}\n  {:<28} {}\n", i->id(), i->spec->phrase, "",
                                     i->spec->sig);
    }
}

// The names `--categories` takes ("arithmetic, math, ...").
std::string category_list() {
    std::string out;
    for (synth::Category c : synth::all_categories())
        out += (out.empty() ? "" : ", ") + std::string(synth::category_name(c));
    return out;
}

std::map<std::string, std::string> environment() {
    std::map<std::string, std::string> env;
    for (char** e = environ; e && *e; ++e) {
        std::string kv = *e;
        auto eq = kv.find('=');
        if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return env;
}

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= s.size()) {
        size_t comma = s.find(',', start);
        if (comma == std::string::npos) comma = s.size();
        if (comma > start) out.push_back(s.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}

std::unique_ptr<verify::Verifier> make_verifier(const GenerateArgs& a) {
    verify::VerifyOptions o;
    o.warp_include = a.warp_include;
    o.jobs = a.jobs;
    try {
        auto v = std::make_unique<verify::Verifier>(o);
        if (!a.quiet) std::cerr << v->environment().describe();
        return v;
    } catch (const std::runtime_error& e) {
        throw dataset::ConfigError(fmt::format("--verify: {}", e.what()));
    }
}

verify::DatasetPassTotals verify_shards(verify::Verifier& v, const std::filesystem::path& dir,
                                        bool drop_failed, bool quiet, dataset::StatsCollector& stats) {
    std::optional<dataset::Progress> bar;
    verify::DatasetPassTotals t = verify::verify_dataset_shards(
        v, dir, drop_failed,
        [&](uint64_t done, uint64_t total) {
            if (!bar) bar.emplace("verify", total, quiet);
            bar->update(done, done);
        },
        &stats);
    std::string line = fmt::format("warpsynth generate: verified {} of {} pairs in {:.1f} s{}",
                                   t.checked.verified, t.checked.records, t.checked.seconds,
                                   drop_failed ? fmt::format(", {} dropped", t.dropped) : "");
    // With --quiet the summary line of generate (drops included) is enough.
    if (!quiet) {
        if (bar)
            bar->finish(line);
        else
            std::cerr << line << "\n";
        std::cout << t.checked.summary();
    }
    return t;
}

} // namespace

Action add_generate_command(CLI::App& app);
const CommandRegistration kGenerate{"generate", 20, add_generate_command};

Action add_generate_command(CLI::App& app) {
    auto a = std::make_shared<GenerateArgs>();
    CLI::App* cmd =
        app.add_subcommand("generate", "Synthesize kernels, compile them and write a deduplicated, sharded "
                                       "dataset of pairs");
    auto* count = cmd->add_option("--count", a->count,
                                  "Kernels to synthesize (record indices 0..N-1); the dataset "
                                  "keeps those that compile and are not duplicates");
    auto* out = cmd->add_option("--out", a->out, "Dataset folder (created; an existing one is resumed)");
    cmd->add_flag("--list-idioms", a->list_idioms,
                  "Print the synthesizer's idiom library (domain, id, phrase, signature) and exit");
    auto* seed = cmd->add_option("--seed", a->seed, "Seed of the kernel stream")->capture_default_str();
    auto* cats = cmd->add_option(
        "--categories", a->categories,
        "Comma-separated synthesizer categories (default: all but the opt-in tiles): " + category_list());
    auto* device = cmd->add_option("--device", a->device, "C++ to generate: cuda, cpu or both")
                       ->check(CLI::IsMember({"cuda", "cpu", "both"}))
                       ->capture_default_str();
    cmd->add_option("--jobs,-j", a->jobs, "Worker threads (default: all cores); never changes the output");
    auto* shard = cmd->add_option("--shard", a->shard,
                                  "Generate only slice I of N (I/N), e.g. one task of a job array");
    auto* shard_count = cmd->add_option("--shard-count", a->shard_count,
                                        "N for slices taken from JOB_COMPLETION_INDEX (Kubernetes) or "
                                        "SLURM_ARRAY_TASK_ID (Slurm)");
    auto* shard_size =
        cmd->add_option("--shard-size", a->shard_size, "Kernels per shard file")->capture_default_str();
    auto* nocomp =
        cmd->add_flag("--no-compress", a->no_compress, "Plain .jsonl shards instead of .jsonl.zst");
    auto* max_lines = cmd->add_option("--max-code-lines", a->max_code_lines,
                                      "Leave out (and count) pairs whose C++ for one device has more lines "
                                      "(functions, forward, backward); 0: no limit")
                          ->capture_default_str();
    cmd->add_flag("--resume", a->resume,
                  "Finish an interrupted run in --out (options not given are taken from its "
                  "manifest; running the same command again does the same)");
    auto* verify =
        cmd->add_flag("--verify", a->verify,
                      "Then verify every pair as `warpsynth verify` does (NVRTC and host compile, run "
                      "on random inputs, gradient check); verdicts go into metadata.verification");
    auto* drop =
        cmd->add_flag("--drop-failed", a->drop_failed,
                      "With --verify: keep only the verified pairs (the others are counted as dropped)");
    cmd->add_option(
        "--warp-include", a->warp_include,
        "With --verify: Warp's native headers (<site-packages>/warp/native); default: $WARP_INCLUDE, "
        "then the warp package of python3 on PATH");
    cmd->add_flag("--quiet,-q", a->quiet, "No progress bar, only the summary line");
    auto* src = cmd->add_option("--kernel-source", a->kernel_source, "Where kernels come from")->group("");
    cmd->footer(
        "Example:\n  warpsynth generate --count 100000 --seed 1 --out ds/\n"
        "  sbatch --array=0-15 ... warpsynth generate --count 1600000 --out ds/slice-$SLURM_ARRAY_TASK_ID\n"
        "  warpsynth merge ds/slice-* --out ds/all\n\n"
        "The output is byte-identical for the same options whatever --jobs is, and after kill -9 and a "
        "rerun.\n\n"
        "Verification (--verify): once every shard is generated, each is rewritten with the verdicts of\n"
        "`warpsynth verify` (default options, --jobs workers) and marked verified in manifest.json, so an\n"
        "interrupted run resumes without verifying a shard twice. Verdicts depend on this machine's\n"
        "NVRTC, C++ compiler and GPU. A pair is verified when no verdict is a failure (`skipped`, e.g.\n"
        "no CUDA device, is fine) and one compilation passed. Without --drop-failed all pairs are kept\n"
        "and the exit status is 5 when some pair is not verified; with it those pairs are removed and\n"
        "counted (manifest.json, stats.json `verification_dropped`, the card). --verify and\n"
        "--drop-failed are part of the configuration: other values against an existing folder are\n"
        "refused. Example:\n"
        "  warpsynth generate --count 1000 --seed 1 --out ds/ --verify --drop-failed");

    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            if (a->list_idioms) {
                print_idioms();
                return 0;
            }
            if (a->out.empty()) throw dataset::ConfigError("generate: --out is required");
            dataset::GenerateOptions opts;
            dataset::GenerateConfig& c = opts.config;
            std::optional<dataset::Manifest> old;
            if (a->resume) {
                old = dataset::load_manifest(a->out);
                if (!old)
                    throw dataset::ConfigError(
                        fmt::format("--resume: {} has no manifest.json; nothing to resume", a->out));
                if (old->kind != "generate")
                    throw dataset::ConfigError(
                        fmt::format("--resume: {} was made by `{}`, not generate", a->out, old->kind));
                c = dataset::GenerateConfig::from_json(old->config);
            } else if (count->count() == 0) {
                throw dataset::ConfigError("generate: --count is required (or --resume to finish a run)");
            }
            if (count->count()) c.count = a->count;
            if (seed->count() || !old) c.seed = a->seed;
            if (cats->count()) c.categories = split_list(a->categories);
            if ((device->count() || !old) && !dataset::parse_device_set(a->device, c.device))
                throw dataset::ConfigError("--device must be cuda, cpu or both");
            if (shard_size->count() || !old) c.shard_size = a->shard_size;
            if (nocomp->count() || !old) c.compress = !a->no_compress;
            if (src->count() || !old) c.kernel_source = a->kernel_source;
            if (verify->count() || !old) c.verify = a->verify;
            if (drop->count() || !old) c.drop_failed = a->drop_failed;
            if (max_lines->count() || !old) c.max_code_lines = a->max_code_lines;
            if (c.drop_failed && !c.verify) throw dataset::ConfigError("--drop-failed needs --verify");
            if (!a->warp_include.empty() && !c.verify)
                throw dataset::ConfigError("--warp-include is only used with --verify");
            std::optional<std::string> shard_flag;
            if (shard->count()) shard_flag = a->shard;
            std::optional<uint64_t> n;
            if (shard_count->count()) n = a->shard_count;
            auto env = environment();
            bool env_slice = env.count("JOB_COMPLETION_INDEX") || env.count("SLURM_ARRAY_TASK_ID");
            if (shard_flag || n || env_slice || !old) c.slice = dataset::resolve_slice(shard_flag, n, env);
            (void)out;
            opts.out = a->out;
            opts.jobs = a->jobs;
            opts.quiet = a->quiet;
            // The verifier first: without Warp's headers nothing is generated.
            std::unique_ptr<verify::Verifier> verifier;
            std::optional<verify::DatasetPassTotals> pass;
            if (c.verify) {
                verifier = make_verifier(*a);
                opts.verify_shards = [&](dataset::StatsCollector& stats) {
                    pass = verify_shards(*verifier, opts.out, c.drop_failed, a->quiet, stats);
                };
            }
            dataset::GenerateSummary s = dataset::generate(opts);
            if (s.already_complete)
                std::cerr << fmt::format(
                    "warpsynth generate: {} is already complete ({} pairs); nothing to do\n", a->out,
                    s.records);
            if (!c.verify || c.drop_failed) return exit_codes::ok;
            // Every shard is verified by now: this only counts the stored verdicts.
            if (!pass) pass = verify::verify_dataset_shards(*verifier, opts.out, false, nullptr);
            if (pass->unverified == 0) return exit_codes::ok;
            std::cerr << fmt::format(
                "warpsynth generate: {} of {} pairs are not verified (their verdicts are in "
                "metadata.verification; --drop-failed keeps only verified pairs)\n",
                pass->unverified, pass->records);
            return exit_codes::check_failed;
        });
    };
}

} // namespace ws::cli
