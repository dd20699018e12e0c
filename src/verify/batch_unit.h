// One translation unit for a whole batch of records, so that hundreds of
// kernels share one compiler start-up and one parse of Warp's headers.
//
// Records repeat names (every kernel of a family is `compute`, every helper
// `helper_0`), so each record's code goes into its own namespace `ws_r<slot>`.
// Namespaces leave the code's meaning unchanged (argument-dependent lookup
// still finds each record's struct operators), except for names with C
// linkage, which namespaces do not separate: those (the CUDA `__global__`
// entries, the CPU `WP_API` entry points) are renamed `ws_r<slot>_<name>` by a
// #define around the record, so the record's text itself is compiled as is.
#pragma once

#include "dataset/record.h"
#include "verify/launch_plan.h"
#include "verify/record_code.h"

#include <string>
#include <utility>
#include <vector>

namespace ws::verify {

struct BatchEntry {
    size_t slot = 0; // fixed for the batch; subsets keep it, so names do not change under bisection
    const dataset::Record* record = nullptr;
    const RecordCode* code = nullptr;
    const LaunchPlan* plan = nullptr; // CPU units only
    // CPU units only: the record's renamed CUDA entries, when the CUDA batch compiled it and the
    // runner will launch it on a device (else empty: no ws_cuda_params glue either).
    std::string cuda_forward, cuda_backward;
};

struct BatchUnit {
    std::string text;
    // Per entry, the 1-based line range [first, last] its code occupies, to
    // attribute compiler errors to records.
    std::vector<std::pair<int, int>> lines;
};

std::string renamed(size_t slot, const std::string& name);

// The members (caller's positions, one per entry of `unit` in order) whose code occupies any of
// the unit's `lines`: compiler errors mapped to the records they blame.
std::vector<size_t> members_at_lines(const std::vector<size_t>& lines, const BatchUnit& unit,
                                     const std::vector<size_t>& members);

BatchUnit cuda_batch_unit(const std::vector<BatchEntry>& entries);

// `pch_header`: the prefix header (preamble + runner ABI + glue helpers, see
// host_compiler.h) the unit starts with; empty to spell that text out for `block_dim`.
BatchUnit cpu_batch_unit(const std::vector<BatchEntry>& entries, const std::string& pch_header,
                         int block_dim = 256);

// The glue of one record (CPU units): argument description and binding,
// forward/backward launchers, CUDA parameter packing. Exposed for tests.
std::string record_glue(const BatchEntry& e);

} // namespace ws::verify
