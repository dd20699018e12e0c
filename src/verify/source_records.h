// Pair records straight from a Python file, for `warpsynth verify FILE.py`
// and the tests: every kernel of the module becomes one record with CUDA and
// CPU code from warpsynth's compiler and no LaunchSpec (shapes are inferred,
// as for extracted kernels).
#pragma once

#include "dataset/record.h"

#include <string>
#include <vector>

namespace ws::verify {

// Throws CompileError when warpsynth rejects the module.
std::vector<dataset::Record> records_from_python(const std::string& path, const std::string& text);

} // namespace ws::verify
