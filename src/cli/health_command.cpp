// `warpsynth health PATH...`: code health and style/shape figures (src/analysis)
// of Python files, folders and datasets, as JSON.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/health_pass.h"

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

namespace ws::cli {

Action add_health_command(CLI::App& app);
const CommandRegistration kHealth{"health", 55, add_health_command};

Action add_health_command(CLI::App& app) {
    auto paths = std::make_shared<std::vector<std::string>>();
    auto per_file = std::make_shared<bool>(false);
    auto with_source = std::make_shared<bool>(false);
    CLI::App* cmd = app.add_subcommand(
        "health",
        "Code health (dead stores, unused parameters, degenerate expressions, docstrings and "
        "comments) and the style and shape of the Warp kernels in Python files, folders or datasets");
    cmd->add_option("PATH", *paths,
                    "Python files, folders of them (searched recursively) or dataset folders (their records' "
                    "python_source)")
        ->required();
    cmd->add_flag("--per-file", *per_file,
                  "Print one JSON line per file or record (`DIR#ID`) before the totals, which then take the "
                  "last line");
    cmd->add_flag("--with-source", *with_source, "With --per-file: each function's source lines too");
    cmd->footer(
        "Prints {\"code_health\": {...}, \"distributions\": {...}} for everything analysed together: the "
        "rates "
        "that `warpsynth stats` puts on a dataset card and the distributions tools/realism/compare.py "
        "compares "
        "with Warp's own code. Every @wp.kernel and @wp.func at any depth is analysed, without running "
        "anything; definitions in src/analysis/README.md. A file that does not parse counts in "
        "`unparsed_files`.\n\n"
        "Examples:\n"
        "  warpsynth health tests/corpus\n"
        "  warpsynth health out/demo                       # a dataset: every record\n"
        "  warpsynth health my_kernels.py --per-file --with-source | head -1\n");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            dataset::HealthOptions options;
            for (const auto& p : *paths) options.paths.emplace_back(p);
            options.keep_source = *with_source;
            analysis::Summary totals = dataset::analyze_paths(options, [&](const analysis::FileReport& r) {
                if (*per_file) std::cout << nlohmann::json(r).dump() << "\n";
            });
            if (*per_file)
                std::cout << nlohmann::json{{"totals", totals.to_json()}}.dump() << "\n";
            else
                std::cout << totals.to_json().dump(2) << "\n";
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
