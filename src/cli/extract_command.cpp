// `warpsynth extract PATH... --out DIR`: pairs from existing Warp code, never executing it.
#include "cli/commands.h"
#include "dataset/cli_errors.h"
#include "dataset/extract.h"
#include "dataset/io_error.h"
#include "syntax/large_stack.h"
#include "syntax/limits.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace ws::cli {

Action add_extract_command(CLI::App& app);
const CommandRegistration kExtract{"extract", 30, add_extract_command};

Action add_extract_command(CLI::App& app) {
    auto paths = std::make_shared<std::vector<std::string>>();
    auto out = std::make_shared<std::string>();
    auto device = std::make_shared<std::string>("cuda");
    auto o = std::make_shared<dataset::ExtractOptions>();
    auto no_compress = std::make_shared<bool>(false);
    CLI::App* cmd =
        app.add_subcommand("extract", "Find @wp.kernel functions in existing Python files (without "
                                      "running them) and write their pairs");
    cmd->add_option("PATH", *paths, "Python files or folders (searched recursively)")->required();
    cmd->add_option("--out", *out, "Dataset folder")->required();
    cmd->add_option("--device", *device, "C++ to generate: cuda, cpu or both")
        ->check(CLI::IsMember({"cuda", "cpu", "both"}))
        ->capture_default_str();
    cmd->add_option("--shard-size", o->shard_size, "Records per shard file")->capture_default_str();
    cmd->add_flag("--no-compress", *no_compress, "Plain .jsonl shards");
    cmd->add_option("--max-code-lines", o->max_code_lines,
                    "Leave out (and count) kernels whose C++ for one device has more lines (functions, "
                    "forward, backward); 0: no limit")
        ->capture_default_str();
    cmd->add_option("--jobs,-j", o->jobs, "Worker threads (default: all cores)");
    cmd->add_flag("--quiet,-q", o->quiet, "Do not list skipped kernels, only the summary line");
    cmd->footer(fmt::format(
        "Each kernel becomes one self-contained module (the record's python_source): the kernel, the\n"
        "structs, functions and constants it uses, its file's module options, and, for `from .geometry\n"
        "import closest_point` of a module under the PATHs given (packages found by their __init__.py),\n"
        "that module's definitions instead of the import. Host code and other kernels are left out.\n\n"
        "Skipped files and kernels are listed on standard output as `WHERE: skipped: REASON`:\n"
        "files that do not parse, are not regular files, are larger than {} MiB or over another input\n"
        "limit (README \"Input limits\"), links that loop or dangle, folders that cannot be listed.\n"
        "Links to folders are not followed.",
        limits::kMaxSourceBytes >> 20));
    return [=]() -> int {
        return dataset::run_reporting_errors([&]() -> int {
            dataset::ExtractOptions opts = *o;
            for (const auto& p : *paths) opts.paths.emplace_back(p);
            opts.out = *out;
            opts.compress = !*no_compress;
            if (opts.shard_size == 0) throw dataset::ConfigError("--shard-size must be at least 1");
            if (!dataset::parse_device_set(*device, opts.device))
                throw dataset::ConfigError("--device must be cuda, cpu or both");
            // The parser and the compiler recurse: give them a stack of known size (TBB's
            // workers get the same, and this thread takes part in their work).
            dataset::ExtractSummary s;
            run_on_large_stack([&] { s = dataset::extract(opts); });
            if (!opts.quiet)
                for (const auto& sk : s.skipped)
                    std::cout << fmt::format("{}: skipped: {}\n", sk.where, sk.reason);
            return exit_codes::ok;
        });
    };
}

} // namespace ws::cli
