// How the dataset commands turn errors into `warpsynth: error: ...` on stderr
// and the CLI's exit codes: ConfigError -> usage_error (2), IoError and file
// system errors -> io_error (3), DataError -> check_failed (5). Compile
// errors never escape the pipeline: they are counted per record.
#pragma once

#include "cli/commands.h"
#include "dataset/io_error.h"

#include <filesystem>
#include <fmt/format.h>
#include <iostream>

namespace ws::dataset {

template <class F>
int run_reporting_errors(F&& body) {
    namespace ec = ws::cli::exit_codes;
    try {
        return body();
    } catch (const ConfigError& e) {
        std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
        return ec::usage_error;
    } catch (const IoError& e) {
        std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
        return ec::io_error;
    } catch (const std::filesystem::filesystem_error& e) {
        std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
        return ec::io_error;
    } catch (const DataError& e) {
        std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
        return ec::check_failed;
    }
}

} // namespace ws::dataset
