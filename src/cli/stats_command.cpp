// `warpsynth stats DIR`: recompute stats.json, the dataset card README.md and its figures.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/stats_pass.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace ws::cli {

Action add_stats_command(CLI::App& app);
const CommandRegistration kStats{"stats", 50, add_stats_command};

Action add_stats_command(CLI::App& app) {
    auto dir = std::make_shared<std::string>();
    auto print = std::make_shared<bool>(false);
    CLI::App* cmd =
        app.add_subcommand("stats", "Distributions, dedup and near-duplicate rates, coverage; rewrites "
                                    "stats.json and the dataset card README.md");
    cmd->add_option("DIR", *dir, "Dataset folder")->required();
    cmd->add_flag("--print", *print, "Also print stats.json to standard output");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            nlohmann::json s = dataset::rewrite_stats(*dir);
            if (*print) std::cout << s.dump(2) << "\n";
            std::cerr << fmt::format("warpsynth stats: {} records; wrote {}/stats.json and {}/README.md\n",
                                     s.at("records").get<uint64_t>(), *dir, *dir);
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
