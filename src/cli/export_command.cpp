// `warpsynth export DIR --out OUT --task TASK --format FORMAT`: training rows with leak-free splits.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "export/export.h"

#include <fmt/format.h>
#include <memory>

namespace ws::cli {

namespace {

struct ExportArgs {
    std::string input, out, task, format = "messages", split = "98/1/1", warp_include;
    std::vector<std::string> against;
    double threshold = 0.7;
    bool verified_only = false, decontaminate = false, overwrite = false, quiet = false;
    uint64_t max_chars = exporting::kDefaultMaxChars, shard_size = 20000;
    unsigned jobs = 0;
};

std::string task_help() {
    std::string out = "Tasks and the instruction of each (the prompt is the instruction, a blank line, then "
                      "the input):\n";
    for (const auto& name : exporting::task_names())
        out += fmt::format("  {:<20} {}\n", name, exporting::task_instruction(*exporting::parse_task(name)));
    return out;
}

exporting::ExportOptions options_of(const ExportArgs& a) {
    auto task = exporting::parse_task(a.task);
    if (!task)
        throw dataset::ConfigError(fmt::format("--task {}: unknown task (one of {})", a.task,
                                               fmt::join(exporting::task_names(), ", ")));
    auto format = exporting::parse_format(a.format);
    if (!format)
        throw dataset::ConfigError(fmt::format("--format {}: unknown format (one of {})", a.format,
                                               fmt::join(exporting::format_names(), ", ")));
    exporting::ExportOptions o;
    o.input = a.input;
    o.out = a.out;
    o.task = *task;
    o.format = *format;
    o.split = exporting::SplitRatio::parse(a.split);
    o.verified_only = a.verified_only;
    o.decontamination.enabled = a.decontaminate || !a.against.empty();
    for (const auto& p : a.against) o.decontamination.against.emplace_back(p);
    o.decontamination.warp_include = a.warp_include;
    o.decontamination.threshold = a.threshold;
    o.max_chars = a.max_chars;
    o.shard_size = a.shard_size;
    o.overwrite = a.overwrite;
    o.jobs = a.jobs;
    o.quiet = a.quiet;
    return o;
}

} // namespace

Action add_export_command(CLI::App& app);
const CommandRegistration kExport{"export", 65, add_export_command};

Action add_export_command(CLI::App& app) {
    auto a = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand(
        "export",
        "Training rows (SFT) from a dataset folder: a task in a row format, with train/validation/test "
        "splits by structural fingerprint; an HF-loadable folder with a card");
    cmd->add_option("DIR", a->input, "Dataset folder (generated, extracted, merged or verified)")->required();
    cmd->add_option("--out", a->out, "Output folder (written beside it, then renamed into place)")
        ->required();
    cmd->add_option("--task", a->task, fmt::format("{}", fmt::join(exporting::task_names(), ", ")))
        ->required();
    cmd->add_option("--format", a->format, fmt::format("{}", fmt::join(exporting::format_names(), ", ")))
        ->capture_default_str();
    cmd->add_option("--split", a->split, "TRAIN/VALIDATION/TEST shares")->capture_default_str();
    cmd->add_flag("--verified-only", a->verified_only,
                  "Only records whose verification passed (the dataset must have been verified)");
    cmd->add_flag("--decontaminate", a->decontaminate,
                  "Leave out records whose kernel is a near-duplicate of a reference kernel (as `warpsynth "
                  "decontaminate`; by default Warp's own tests and examples)");
    cmd->add_option(
        "--against", a->against,
        "Reference kernels for --decontaminate (implies it): Python files, folders, dataset folders");
    cmd->add_option("--warp-include", a->warp_include,
                    "Where the installed warp-lang is, for the default references (as for verify)");
    cmd->add_option("--threshold", a->threshold,
                    "Estimated Jaccard similarity at which --decontaminate leaves a record out")
        ->capture_default_str();
    cmd->add_option("--max-chars", a->max_chars,
                    "Leave out rows whose prompt and answer exceed N characters (0: no limit)")
        ->capture_default_str();
    cmd->add_option("--shard-size", a->shard_size, "Rows per shard file")->capture_default_str();
    cmd->add_flag("--overwrite", a->overwrite, "Replace OUT when it exists");
    cmd->add_option("--jobs,-j", a->jobs, "Worker threads (default: all cores); never changes the output");
    cmd->add_flag("--quiet,-q", a->quiet, "Only the summary line");
    cmd->footer(
        task_help() +
        "\nFormats: messages (system/user/assistant, for chat templates and TRL), prompt-completion, "
        "alpaca (instruction/input/output). Every row also has id, fingerprint, kernel_name and "
        "category; `write` rows have the record's launch specification.\n\nExample:\n"
        "  warpsynth generate --count 10000 --out pairs\n"
        "  warpsynth export pairs --out sft --task python-to-cuda --format messages --split 98/1/1\n"
        "  warpsynth export pairs --out sft --task write --decontaminate   # without Warp's test kernels");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            exporting::run_export(options_of(*a));
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
