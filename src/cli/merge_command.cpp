// `warpsynth merge DIR... --out DIR`: union of datasets (or of the slices of one run) with global dedup.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/merge.h"

#include <memory>

namespace ws::cli {

Action add_merge_command(CLI::App& app);
const CommandRegistration kMerge{"merge", 60, add_merge_command};

Action add_merge_command(CLI::App& app) {
    auto o = std::make_shared<dataset::MergeOptions>();
    auto inputs = std::make_shared<std::vector<std::string>>();
    auto out = std::make_shared<std::string>();
    auto no_compress = std::make_shared<bool>(false);
    CLI::App* cmd =
        app.add_subcommand("merge", "Union of dataset folders with global dedup; slices of one generate "
                                    "run merge into exactly the single-run dataset");
    cmd->add_option("DIR", *inputs, "Input dataset folders")->required();
    cmd->add_option("--out", *out, "Output folder")->required();
    cmd->add_option("--shard-size", o->shard_size,
                    "Records per shard file (unions of unrelated datasets only)")
        ->capture_default_str();
    cmd->add_flag("--no-compress", *no_compress, "Plain .jsonl shards (unions of unrelated datasets only)");
    cmd->add_flag("--quiet,-q", o->quiet, "Only the summary line");
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            dataset::MergeOptions opts = *o;
            for (const auto& i : *inputs) opts.inputs.emplace_back(i);
            opts.out = *out;
            opts.compress = !*no_compress;
            if (opts.shard_size == 0) throw dataset::ConfigError("--shard-size must be at least 1");
            dataset::merge(opts);
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
