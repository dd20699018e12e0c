// How a record's kernel is launched for verification: the launch shape, and
// for each kernel argument (in the order of the generated args struct) its
// array shape, input range and whether the kernel writes it. Synthesized
// records carry this as their LaunchSpec; for extracted kernels it is
// inferred from the code (small fixed sizes).
#pragma once

#include "dataset/record.h"
#include "verify/record_code.h"

#include <string>
#include <vector>

namespace ws::verify {

struct LaunchPlan {
    std::vector<int64_t> dim; // one entry per launch dimension
    std::vector<synth::ArgSpec> args;
    bool inferred = false; // some or all of it was inferred, not recorded
    std::string error;     // why the kernel cannot be launched
};

// Inference rules, for records without a LaunchSpec:
//  - array dimensionality from the Python annotation (wp.array2d, ndim=2, ...);
//  - every 1-d array has 16 elements, 2-d 8x8, 3-d 4x4x4, 4-d 3x3x3x3;
//  - the launch takes the leading extents of the first array with at least
//    as many dimensions as the kernel's wp.tid() (so `x[i]` stays in bounds);
//  - floats in [0.1, 1] (logs, roots and powers of inputs stay finite), integers in [0, smallest array extent
//  - 1] (integers
//    are often indices);
//  - an array is an output if the kernel stores into it (array_store,
//    atomics, component stores, or passes it to a user function that stores).
LaunchPlan plan_launch(const dataset::Record& r, const RecordCode& cpu);

// Python-side array dimensionality per parameter of `kernel` in `python`.
// Parameters that are not arrays, or that cannot be parsed, are absent.
std::vector<std::pair<std::string, int>> python_array_ndims(const std::string& python,
                                                            const std::string& kernel);

// Whether the generated code writes into the array argument `name`.
bool writes_array(const RecordCode& code, const std::string& name);

} // namespace ws::verify
