// `warpsynth generate`: a dataset of synthesized kernels and their C++ (design §4-§6).
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/generate.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/slice_spec.h"

#include <cstdlib>
#include <fmt/format.h>
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
};

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
    auto* out =
        cmd->add_option("--out", a->out, "Dataset folder (created; an existing one is resumed)")->required();
    auto* seed = cmd->add_option("--seed", a->seed, "Seed of the kernel stream")->capture_default_str();
    auto* cats = cmd->add_option("--categories", a->categories,
                                 "Comma-separated synthesizer categories (default: all)");
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
    cmd->add_flag("--resume", a->resume,
                  "Finish an interrupted run in --out (options not given are taken from its "
                  "manifest; running the same command again does the same)");
    cmd->add_flag("--quiet,-q", a->quiet, "No progress bar, only the summary line");
    auto* src = cmd->add_option("--kernel-source", a->kernel_source, "Where kernels come from")->group("");
    cmd->footer(
        "Example:\n  warpsynth generate --count 100000 --seed 1 --out ds/\n"
        "  sbatch --array=0-15 ... warpsynth generate --count 1600000 --out ds/slice-$SLURM_ARRAY_TASK_ID\n"
        "  warpsynth merge ds/slice-* --out ds/all\n\n"
        "The output is byte-identical for the same options whatever --jobs is, and after kill -9 and a "
        "rerun.");

    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
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
            dataset::GenerateSummary s = dataset::generate(opts);
            if (s.already_complete)
                std::cerr << fmt::format(
                    "warpsynth generate: {} is already complete ({} pairs); nothing to do\n", a->out,
                    s.records);
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
