// warpsynth: Warp kernels in Python, paired with the CUDA and C++ that Warp's
// own code generator emits for them.
#include "cli/commands.h"
#include "syntax/limits.h"
#include "syntax/source.h"

#include <algorithm>
#include <fmt/format.h>
#include <iostream>
#include <map>

namespace ws::cli {
std::vector<CommandInfo>& command_registry() {
    static std::vector<CommandInfo> registry;
    return registry;
}
} // namespace ws::cli

int main(int argc, char** argv) {
    using namespace ws::cli;
    CLI::App app{
        "warpsynth: NVIDIA Warp kernels in Python paired with the CUDA and CPU C++ that Warp's own\n"
        "code generator emits for them (forward and adjoint), reproduced byte for byte without Python."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "warpsynth 0.1.0 (reference: warp-lang 1.19.0)");
    app.footer("Run `warpsynth COMMAND --help` for the options of a command.");

    auto& registry = command_registry();
    std::sort(registry.begin(), registry.end(),
              [](const auto& a, const auto& b) { return a.order < b.order; });
    std::map<std::string, Action> actions;
    for (const auto& c : registry) actions[c.name] = c.factory(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? exit_codes::ok : exit_codes::usage_error;
    }
    try {
        for (auto& [name, action] : actions)
            if (app.got_subcommand(name)) return action();
    } catch (const ws::LimitError& e) {
        std::cerr << e.format() << "\n";
        return exit_codes::limit_exceeded;
    } catch (const ws::CompileError& e) {
        std::cerr << e.format() << "\n";
        return exit_codes::input_error;
    } catch (const std::exception& e) {
        std::cerr << fmt::format("warpsynth: internal error: {}\n", e.what());
        return exit_codes::internal_error;
    }
    return exit_codes::usage_error;
}
