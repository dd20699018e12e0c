// `warpsynth decontaminate DIR --against PATH... [--drop --out OUT]`: records
// whose kernel is a near-duplicate of a reference kernel.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/file_io.h"
#include "export/decontaminate.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace ws::cli {

namespace {

struct DecontaminateArgs {
    std::string input, out, json_file, warp_include;
    std::vector<std::string> against;
    double threshold = 0.7;
    bool drop = false, quiet = false;
    uint64_t shard_size = 10000;
    unsigned jobs = 0;
};

exporting::DecontaminateOptions options_of(const DecontaminateArgs& a) {
    exporting::DecontaminateOptions o;
    o.input = a.input;
    for (const auto& p : a.against) o.against.emplace_back(p);
    o.warp_include = a.warp_include;
    o.threshold = a.threshold;
    o.drop = a.drop;
    o.out = a.out;
    o.shard_size = a.shard_size;
    o.jobs = a.jobs;
    o.quiet = a.quiet;
    return o;
}

} // namespace

Action add_decontaminate_command(CLI::App& app);
const CommandRegistration kDecontaminate{"decontaminate", 63, add_decontaminate_command};

Action add_decontaminate_command(CLI::App& app) {
    auto a = std::make_shared<DecontaminateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "decontaminate",
        "Records whose kernel is a near-duplicate of a reference kernel (by default Warp's own tests and "
        "examples): a report, or with --drop a dataset without them");
    cmd->add_option("DIR", a->input, "Dataset folder")->required();
    cmd->add_option(
        "--against", a->against,
        "Reference kernels: Python files, folders of them, or dataset folders (default: warp/tests "
        "and warp/examples of the installed warp-lang)");
    cmd->add_option("--warp-include", a->warp_include,
                    "Where the installed warp-lang is, for the default references (as for verify; else "
                    "$WARP_INCLUDE, then python3 on PATH)");
    cmd->add_option(
           "--threshold", a->threshold,
           "Estimated Jaccard similarity (normalised token 5-grams) at which a record is contaminated")
        ->capture_default_str();
    cmd->add_flag("--drop", a->drop, "Write the dataset without the contaminated records to --out");
    cmd->add_option("--out", a->out, "Output folder for --drop (must not exist)");
    cmd->add_option("--json", a->json_file, "Also write the report as JSON to FILE");
    cmd->add_option("--shard-size", a->shard_size, "Records per shard file of --out")->capture_default_str();
    cmd->add_option("--jobs,-j", a->jobs, "Worker threads (default: all cores); never changes the output");
    cmd->add_flag("--quiet,-q", a->quiet, "Only the summary line on stderr");
    cmd->footer("Example:\n  warpsynth decontaminate pairs --json contamination.json\n"
                "  warpsynth decontaminate pairs --against my_eval/ --drop --out clean");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            nlohmann::json report = exporting::run_decontaminate(options_of(*a));
            std::cout << exporting::decontamination_text(report);
            if (!a->json_file.empty()) dataset::write_file_atomically(a->json_file, report.dump(2) + "\n");
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
