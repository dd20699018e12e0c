// `warpsynth validate DIR`: schema, checksums, recompilation, dedup and stats consistency.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/validate.h"
#include "syntax/large_stack.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace ws::cli {

Action add_validate_command(CLI::App& app);
const CommandRegistration kValidate{"validate", 45, add_validate_command};

Action add_validate_command(CLI::App& app) {
    auto o = std::make_shared<dataset::ValidateOptions>();
    auto dir = std::make_shared<std::string>();
    auto no_recompile = std::make_shared<bool>(false);
    CLI::App* cmd =
        app.add_subcommand("validate", "Check a dataset: record schema, manifest checksums, recompile "
                                       "every record and compare, dedup and stats consistency");
    cmd->add_option("DIR", *dir, "Dataset folder")->required();
    cmd->add_option("--jobs,-j", o->jobs, "Worker threads (default: all cores)");
    cmd->add_flag("--no-recompile", *no_recompile, "Skip the recompilation of every record");
    cmd->add_flag("--quiet,-q", o->quiet, "Only problems and the summary line");
    cmd->footer(
        "Each problem is printed on standard output as `record ID (FILE:LINE): PROBLEM` or `FILE: PROBLEM`;\n"
        "the exit status is 5 when there is any.");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            dataset::ValidateOptions opts = *o;
            opts.dir = *dir;
            opts.recompile = !*no_recompile;
            dataset::ValidateReport r;
            run_on_large_stack([&] { r = dataset::validate(opts); }); // it recompiles every record
            for (const auto& p : r.problems) std::cout << p << "\n";
            return r.problems.empty() ? exit_codes::ok : exit_codes::check_failed;
        });
    };
}

} // namespace ws::cli
