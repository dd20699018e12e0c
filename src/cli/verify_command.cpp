// `warpsynth verify PATH...`: compile and run pairs, record verdicts.
//
// A dataset folder (one with manifest.json) is verified in place by the pass
// of verify/dataset_pass.h (shared with generate --verify): every shard is
// rewritten with the verdicts in each record's metadata.verification (without
// the unverified records with --drop-failed), shard by shard and resumably,
// then stats.json and the card are recomputed. Python files (or folders of
// them) are verified kernel by kernel and the verdicts printed; nothing is
// written.
#include "cli/commands.h"
#include "dataset/card.h"
#include "dataset/cli_errors.h"
#include "dataset/file_io.h"
#include "dataset/manifest.h"
#include "syntax/source.h"
#include "verify/dataset_pass.h"
#include "verify/source_records.h"
#include "verify/verify.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace ws::cli {

namespace {

namespace fs = std::filesystem;

struct VerifyArgs {
    std::vector<std::string> paths;
    bool cpu = false, cuda = false, grad = false, no_gpu = false;
    verify::VerifyOptions options;
    std::string report;
    bool quiet = false;
    bool drop_failed = false;
};

// Progress on a terminal only; pipes and logs stay clean.
struct Progress {
    bool enabled = isatty(2) != 0;
    size_t base = 0, total = 0;
    void show(size_t done) const {
        if (enabled) std::cerr << fmt::format("\rverify: {}/{} records", base + done, total) << std::flush;
    }
    void finish() const {
        if (enabled) std::cerr << "\r\033[K" << std::flush;
    }
};

void print_records(const std::vector<dataset::Record>& records) {
    for (const dataset::Record& r : records) {
        const auto& v = r.verification;
        std::cout << fmt::format("{}\n  compiled_cuda:     {}\n  compiled_cpu:      {}\n  executed:          "
                                 "{}\n  grad_check:        "
                                 "{}\n  depends_on_inputs: {}\n",
                                 r.id, v.compiled_cuda, v.compiled_cpu, v.executed, v.grad_check,
                                 v.depends_on_inputs);
    }
}

std::vector<std::string> python_files(const std::string& path) {
    std::vector<std::string> out;
    if (fs::is_directory(path)) {
        for (const auto& e : fs::recursive_directory_iterator(path))
            if (e.is_regular_file() && e.path().extension() == ".py") out.push_back(e.path().string());
        std::sort(out.begin(), out.end());
    } else {
        out.push_back(path);
    }
    return out;
}

int verify_sources(verify::Verifier& v, const VerifyArgs& a, const std::vector<std::string>& paths) {
    std::vector<dataset::Record> records;
    int rejected = 0;
    for (const std::string& p : paths)
        for (const std::string& f : python_files(p)) {
            std::ifstream in(f, std::ios::binary);
            if (!in) throw dataset::IoError(dataset::errno_message("cannot read", f));
            std::stringstream ss;
            ss << in.rdbuf();
            try {
                auto rs = verify::records_from_python(f, ss.str(), a.options.warp_include);
                records.insert(records.end(), rs.begin(), rs.end());
            } catch (const CompileError& e) {
                std::cerr << e.format() << "\n";
                ++rejected;
            }
        }
    Progress progress;
    progress.total = records.size();
    v.set_progress([&](size_t done, size_t) { progress.show(done); });
    verify::VerifyTotals t = v.verify(records);
    progress.finish();
    if (!a.quiet) print_records(records);
    std::cout << t.summary();
    return t.verified == t.records && rejected == 0 ? exit_codes::ok : exit_codes::check_failed;
}

int verify_dataset(verify::Verifier& v, const VerifyArgs& a, const fs::path& dir) {
    std::optional<dataset::Manifest> manifest = dataset::load_manifest(dir);
    if (!manifest)
        throw dataset::ConfigError(dir.string() + " has no manifest.json: not a warpsynth dataset folder");
    // Shards marked verified are skipped (an interrupted run resumes); once every
    // shard is, running verify again means verifying everything again.
    size_t marked = 0;
    for (const dataset::ShardEntry& e : manifest->shards) marked += e.verified;
    if (marked > 0 && marked == manifest->shards.size())
        verify::forget_verification(dir);
    else if (marked > 0 && !a.quiet)
        std::cerr << fmt::format("verify: continuing an interrupted run: {} of {} shards already verified\n",
                                 marked, manifest->shards.size());

    Progress progress;
    dataset::StatsCollector stats; // folded during the pass: the dataset is not read again
    verify::DatasetPassTotals t = verify::verify_dataset_shards(
        v, dir, a.drop_failed,
        [&](uint64_t done, uint64_t total) {
            progress.total = total;
            progress.show(done);
        },
        &stats);
    progress.finish();
    dataset::write_stats_and_card(dir, *dataset::load_manifest(dir), stats);
    std::cout << t.checked.summary();
    if (t.shards_skipped)
        std::cout << fmt::format("{} shards verified by an earlier run were skipped\n", t.shards_skipped);
    if (a.drop_failed)
        std::cout << fmt::format("dropped {} records that are not verified; {} records remain\n", t.dropped,
                                 t.records);
    else if (t.unverified)
        std::cout << fmt::format(
            "{} of {} records in the dataset are not verified (--drop-failed removes them)\n", t.unverified,
            t.records);
    if (!a.report.empty()) {
        nlohmann::json report = t.checked.to_json();
        report["dropped"] = t.dropped;
        report["dataset_records"] = t.records;
        report["dataset_unverified"] = t.unverified;
        std::ofstream out(a.report);
        out << report.dump(2) << "\n";
    }
    return t.unverified == 0 ? exit_codes::ok : exit_codes::check_failed;
}

} // namespace

Action add_verify_command(CLI::App& app);
const CommandRegistration kVerify{"verify", 40, add_verify_command};

Action add_verify_command(CLI::App& app) {
    auto a = std::make_shared<VerifyArgs>();
    CLI::App* cmd =
        app.add_subcommand("verify", "Compile every pair with NVRTC and the host compiler, run it on random "
                                     "inputs, check its gradients; record the verdicts");
    cmd->add_option("PATH", a->paths,
                    "Dataset folder (verdicts written into its records), or Python files/folders "
                    "(verdicts printed)")
        ->required();
    cmd->add_option(
        "--warp-include", a->options.warp_include,
        "Warp's native headers (<site-packages>/warp/native); default: $WARP_INCLUDE, then the warp "
        "package of python3 on PATH");
    cmd->add_flag("--cuda", a->cuda, "Compile the CUDA code (and run it where there is a GPU)");
    cmd->add_flag("--cpu", a->cpu, "Compile the CPU code and run the forward pass");
    cmd->add_flag("--grad-check", a->grad,
                  "Check the backward pass against finite differences (runs the CPU code)");
    cmd->add_flag("--no-gpu", a->no_gpu, "Never launch kernels on a CUDA device, even if there is one");
    cmd->add_option("-j,--jobs", a->options.jobs, "Batches verified at once (default: all cores)");
    cmd->add_option("--batch-size", a->options.batch_size, "Records per compilation")->capture_default_str();
    cmd->add_option(
           "--cuda-mode", a->options.cuda_mode,
           "NVRTC: syntax (front end: parse, types, templates), full (PTX with Warp's options), fast "
           "(PTX, --Ofast-compile=max); auto: full when a CUDA device will run the code, else syntax")
        ->check(CLI::IsMember({"auto", "full", "fast", "syntax"}))
        ->capture_default_str();
    cmd->add_option("--timeout", a->options.timeout_per_record,
                    "Seconds a record may run before it fails as hung")
        ->capture_default_str();
    cmd->add_option("--seed", a->options.seed, "Seed of the random inputs")->capture_default_str();
    cmd->add_option("--fd-samples", a->options.fd_samples, "Finite-difference probes per record")
        ->capture_default_str();
    cmd->add_option("--cxx", a->options.cxx, "Host C++ compiler (auto: clang++-19 if installed, else g++)")
        ->capture_default_str();
    cmd->add_flag("--sanitize", a->options.sanitize, "Build the CPU code with UndefinedBehaviorSanitizer");
    cmd->add_option("--keep-work", a->options.work_dir,
                    "Keep the generated units, objects and PTX in this folder");
    cmd->add_option("--dump", a->options.dump_dir,
                    "Write every executed record's inputs, outputs and adjoints into this folder (for "
                    "tests/verify/warp_crosscheck.py)");
    cmd->add_option("--report", a->report, "Also write the totals as JSON to this file (dataset mode)");
    cmd->add_flag("--drop-failed", a->drop_failed,
                  "Dataset folder: remove the records that are not verified (counted in manifest.json, "
                  "stats.json and the card)");
    cmd->add_flag("-q,--quiet", a->quiet, "Python files: only the totals");
    cmd->footer(
        "Without --cuda/--cpu/--grad-check every step runs. Verdicts are `pass`, `fail: REASON` or\n"
        "`skipped: REASON` (e.g. `skipped: no CUDA device`). A record is verified when no verdict is a\n"
        "failure and one compilation passed. Exit status 5 when a record is not verified (never with\n"
        "--drop-failed, which removes such records from a dataset folder).\n\n"
        "Verdicts: compiled_cuda, compiled_cpu; executed (the forward pass runs cleanly: no crash, bounds\n"
        "check or time-out, the same outputs twice, no nan or inf in them: `fail: nan in the outputs` /\n"
        "`fail: inf in the outputs` name the first such value and count them per array); grad_check\n"
        "(adjoints against finite differences); depends_on_inputs (the forward pass runs again on inputs\n"
        "drawn anew from their ranges, up to eight times: every output array must change at least once;\n"
        "`fail: outputs ignore the inputs: NAMES` lists those that stayed bit-identical).\n\n"
        "A dataset folder is rewritten shard by shard; each shard is marked verified in manifest.json,\n"
        "so after an interruption the same command continues where it stopped.\n\n"
        "Examples:\n  warpsynth verify ds/\n  warpsynth verify ds/ --drop-failed --report verify.json\n"
        "  warpsynth verify kernels.py --warp-include .venv/lib/python3.11/site-packages/warp/native");

    return [a]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            verify::VerifyOptions o = a->options;
            if (a->cpu || a->cuda || a->grad) {
                o.cuda = a->cuda;
                o.cpu = a->cpu;
                o.execute = a->cpu || a->grad;
                o.grad_check = a->grad;
            }
            o.gpu = !a->no_gpu;
            o.keep_work = !o.work_dir.empty();
            std::unique_ptr<verify::Verifier> v;
            try {
                v = std::make_unique<verify::Verifier>(o);
            } catch (const std::runtime_error& e) {
                std::cerr << "warpsynth: error: " << e.what() << "\n";
                return exit_codes::usage_error;
            }
            if (!a->quiet) std::cerr << v->environment().describe();
            bool dataset_mode = a->paths.size() == 1 && fs::is_directory(a->paths[0]) &&
                                fs::exists(fs::path(a->paths[0]) / "manifest.json");
            return dataset_mode ? verify_dataset(*v, *a, a->paths[0]) : verify_sources(*v, *a, a->paths);
        });
    };
}

} // namespace ws::cli
