// `warpsynth extract PATH... --out DIR`: pairs from existing Warp code,
// without executing it. Each .py file (folders are searched recursively, in
// sorted order) is parsed with warpsynth's own parser; every module-level
// function decorated `@wp.kernel` becomes one candidate, compiled in a module
// reduced to what that kernel reaches (reduce_module.h): the `@wp.struct` classes,
// `@wp.func` functions, imports and module-level name assignments (constants) it
// uses, its file's module options, and the definitions imported from other
// modules of the trees given in place of their imports (host code, other kernels
// and `if __name__ == ...` blocks are left out, so one unsupported definition does
// not sink its neighbours). The reduced module is the record's python_source.
//
// Files that do not parse or set `wp.config`, and kernels the compiler
// rejects, are listed with the reason and skipped. Kept kernels are
// deduplicated like generated ones.
#pragma once

#include "dataset/record_builder.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ws::dataset {

struct ExtractOptions {
    std::vector<std::filesystem::path> paths;
    std::filesystem::path out;
    DeviceSet device = DeviceSet::Cuda;
    uint64_t shard_size = 10000;
    bool compress = true;
    unsigned jobs = 0;
    bool quiet = false;
    uint64_t max_code_lines = kDefaultMaxCodeLines; // size limit on a record's code (0: none)
};

struct Skipped {
    std::string where; // "file" or "file:line (kernel name)"
    std::string reason;
    bool kernel = false; // a kernel (else a file, or a path that is not one)
};

struct ExtractSummary {
    uint64_t files = 0;
    uint64_t kernels = 0;
    uint64_t records = 0;
    uint64_t duplicates = 0;
    std::vector<Skipped> skipped;
};

ExtractSummary extract(const ExtractOptions& options);

} // namespace ws::dataset
