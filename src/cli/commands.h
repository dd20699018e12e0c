// One function per subcommand: each registers its options on the parser and
// returns the action to run. Exit codes are shared (see exit_codes).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace ws::cli {

namespace exit_codes {
constexpr int ok = 0;
constexpr int input_error = 1; // the Python input is invalid or unsupported
constexpr int usage_error = 2; // bad flags
constexpr int io_error = 3;    // files, disks, permissions
constexpr int internal_error = 4;
} // namespace exit_codes

using Action = std::function<int()>;

Action add_compile_command(CLI::App& app);

} // namespace ws::cli
