// warpsynth: Warp kernels in Python, paired with the CUDA and C++ that Warp's
// own code generator emits for them.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "syntax/source.h"

int main(int argc, char** argv) {
    CLI::App app{"warpsynth: NVIDIA Warp kernels paired with the CUDA and CPU code Warp generates for them,\n"
                 "reproduced byte for byte without running Python."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "warpsynth 0.1.0 (reference: warp-lang 1.19.0)");
    app.footer("Run `warpsynth COMMAND --help` for the options of a command.");

    ws::cli::Action compile = ws::cli::add_compile_command(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? ws::cli::exit_codes::ok : ws::cli::exit_codes::usage_error;
    }
    try {
        if (app.got_subcommand("compile")) return compile();
    } catch (const ws::CompileError& e) {
        std::cerr << e.format() << "\n";
        return ws::cli::exit_codes::input_error;
    } catch (const std::exception& e) {
        std::cerr << fmt::format("warpsynth: internal error: {}\n", e.what());
        return ws::cli::exit_codes::internal_error;
    }
    return ws::cli::exit_codes::usage_error;
}
