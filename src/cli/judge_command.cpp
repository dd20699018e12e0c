// `warpsynth judge`: verdicts on candidate kernels against a dataset's records
// (judge/judge.h), one file with --id, or many as JSONL with --batch.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/file_io.h"
#include "judge/judge.h"
#include "syntax/large_stack.h"

#include <chrono>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

namespace ws::cli {

namespace {

struct JudgeArgs {
    judge::JudgeOptions options;
    std::string id, candidate, batch, out;
    bool quiet = false;
};

judge::Candidate read_candidate(const std::string& id, const std::string& path) {
    judge::Candidate c{id, {}, path, {}};
    try {
        c.source = dataset::read_file(path);
    } catch (const std::exception& e) {
        c.error = e.what();
    }
    return c;
}

// One candidate per line: {"id": ..., "source": "..."} or {"id": ..., "path": "file.py"}.
std::vector<judge::Candidate> read_batch(const std::string& file) {
    std::ifstream in(file);
    if (!in) throw dataset::IoError(dataset::errno_message("cannot read", file));
    std::vector<judge::Candidate> out;
    std::string line;
    for (size_t n = 1; std::getline(in, line); ++n) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        judge::Candidate c;
        if (j.is_object() && j.contains("id") && j["id"].is_string()) c.id = j["id"];
        if (!j.is_object() || c.id.empty())
            c.error = fmt::format("{}:{}: not a JSON object with a string \"id\"", file, n);
        else if (j.contains("source") && j["source"].is_string())
            c.source = j["source"];
        else if (j.contains("path") && j["path"].is_string())
            c = read_candidate(c.id, j["path"]);
        else
            c.error = fmt::format("{}:{}: neither \"source\" nor \"path\" is a string", file, n);
        out.push_back(std::move(c));
    }
    return out;
}

int run_judge(const JudgeArgs& a) {
    std::vector<judge::Candidate> candidates =
        a.batch.empty() ? std::vector<judge::Candidate>{read_candidate(a.id, a.candidate)}
                        : read_batch(a.batch);
    const auto start = std::chrono::steady_clock::now();
    std::vector<judge::Verdict> verdicts;
    judge::JudgeTimes times;
    run_on_large_stack([&] {
        judge::Judge j(a.options);
        verdicts = j.judge(candidates);
        times = j.times();
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::ofstream file;
    if (!a.out.empty()) {
        file.open(a.out, std::ios::trunc);
        if (!file) throw dataset::IoError(dataset::errno_message("cannot write", a.out));
    }
    std::ostream& out = a.out.empty() ? std::cout : file;
    size_t passed = 0;
    for (const judge::Verdict& v : verdicts) {
        out << judge::to_json(v).dump() << '\n';
        passed += v.passed() ? 1 : 0;
    }
    out.flush();
    if (!out) throw dataset::IoError("cannot write the verdicts");
    if (!a.quiet && !a.batch.empty())
        std::cerr << fmt::format(
            "warpsynth judge: {} of {} candidates passed; {:.1f} s, {:.1f} candidates/s (summed over "
            "workers: {:.1f} s reading and warpsynth compiling, {:.1f} s host compiler, {:.1f} s running)\n",
            passed, verdicts.size(), seconds, double(verdicts.size()) / seconds, times.prepare, times.compile,
            times.run);
    if (a.batch.empty()) return passed == 1 ? exit_codes::ok : exit_codes::check_failed;
    return exit_codes::ok;
}

Action add_judge_command(CLI::App& app) {
    auto args = std::make_shared<JudgeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "judge", "Check candidate Warp kernels against a dataset's records: compiles, runs, same outputs and "
                 "gradients as the record's kernel (for evaluation and RL)");
    cmd->add_option("CANDIDATE", args->candidate, "Python file with the candidate kernel (with --id)");
    cmd->add_option("--dataset", args->options.dataset, "Dataset folder the record ids belong to")
        ->required();
    cmd->add_option("--id", args->id, "The record the candidate answers");
    cmd->add_option("--batch", args->batch,
                    "JSONL of candidates, one per line: {\"id\": ..., \"source\": ...} or {\"id\": ..., "
                    "\"path\": ...}; one verdict per line in input order");
    cmd->add_option("--out", args->out, "Write the verdicts here instead of standard output");
    cmd->add_option("--draws", args->options.draws, "Input draws compared per candidate")
        ->capture_default_str();
    cmd->add_option("--timeout", args->options.timeout, "Seconds of execution per candidate")
        ->capture_default_str();
    cmd->add_option("--seed", args->options.seed, "Seed of the input draws")->capture_default_str();
    cmd->add_option("-j,--jobs", args->options.jobs,
                    "Parallel compilations and runners (default: all cores)");
    cmd->add_option("--batch-size", args->options.batch_size, "Candidates per compilation")
        ->capture_default_str();
    cmd->add_option(
        "--warp-include", args->options.warp_include,
        "Warp's native headers; default: $WARP_INCLUDE, then the warp package of python3 on PATH");
    cmd->add_option("--cxx", args->options.cxx, "Host C++ compiler")->capture_default_str();
    cmd->add_option("--work-dir", args->options.work_dir, "Keep compilation units here (tests, debugging)");
    cmd->add_flag("-q,--quiet", args->quiet, "No summary line on stderr");
    cmd->footer(
        "Example:\n  warpsynth judge --dataset ds/ --id 7-0000000003 answer.py\n"
        "  warpsynth judge --dataset ds/ --batch answers.jsonl --out verdicts.jsonl\n\n"
        "Prints one JSON verdict per candidate (schema: src/judge/README.md). With a single candidate "
        "the exit status is 0 when it passed, 5 when it did not.");
    return [args]() -> int {
        if (args->batch.empty() == (args->candidate.empty() || args->id.empty())) {
            std::cerr << "warpsynth: error: give CANDIDATE with --id, or --batch FILE\n";
            return exit_codes::usage_error;
        }
        if (!args->options.work_dir.empty()) args->options.keep_work = true;
        try {
            return dataset::run_reporting_errors([&] { return run_judge(*args); });
        } catch (const std::runtime_error& e) {
            std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
            return exit_codes::usage_error;
        }
    };
}

const CommandRegistration registration("judge", 95, add_judge_command);

} // namespace

} // namespace ws::cli
