// Pair records straight from a Python file, for `warpsynth verify FILE.py`
// and the tests: every kernel of the module becomes one record with CUDA and
// CPU code from warpsynth's compiler and no LaunchSpec (shapes are inferred,
// as for extracted kernels).
#pragma once

#include "dataset/record.h"

#include <string>
#include <vector>

namespace ws::verify {

// Throws CompileError when warpsynth rejects the module. `warp_include`: where to find the
// installed Warp whose Python source the module may use (Warp's Python-written builtins, modules
// of the warp package it imports), as locate_warp_headers finds it (empty: $WARP_INCLUDE, then
// the python3 on PATH).
std::vector<dataset::Record> records_from_python(const std::string& path, const std::string& text,
                                                 const std::string& warp_include = "");

} // namespace ws::verify
