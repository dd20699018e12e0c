// Errors of the dataset pipeline that the CLI maps to exit codes:
// IoError (disk, permissions: exit 3), ConfigError (a folder made with
// another configuration, bad arguments: exit 2), DataError (a dataset that
// fails its checks: exit 5).
#pragma once

#include <stdexcept>
#include <string>

namespace ws::dataset {

struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct DataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace ws::dataset
