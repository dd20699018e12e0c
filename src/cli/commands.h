// Subcommands register themselves here: each `*_command.cpp` defines one
// command with a static `CommandRegistration`, so adding a command never
// touches main.cpp. Exit codes are shared by all commands.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace ws::cli {

namespace exit_codes {
constexpr int ok = 0;
constexpr int input_error = 1; // the Python input is invalid or unsupported
constexpr int usage_error = 2; // bad flags or arguments
constexpr int io_error = 3;    // files, disks, permissions
constexpr int internal_error = 4;
constexpr int check_failed = 5;   // validate/verify found problems
constexpr int limit_exceeded = 6; // the input is over one of the limits in syntax/limits.h
} // namespace exit_codes

using Action = std::function<int()>;
// Adds the subcommand's options to `app` and returns the function that runs it.
using CommandFactory = std::function<Action(CLI::App& app)>;

struct CommandInfo {
    std::string name;
    int order; // position in --help
    CommandFactory factory;
};

std::vector<CommandInfo>& command_registry();

struct CommandRegistration {
    CommandRegistration(std::string name, int order, CommandFactory factory) {
        command_registry().push_back({std::move(name), order, std::move(factory)});
    }
};

} // namespace ws::cli
