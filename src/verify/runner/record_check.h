// What the runner does with one record: run the forward pass on random inputs
// (finite outputs, same result twice), then on inputs drawn anew (do the
// outputs depend on the inputs? input_dependence.h), then the gradient check (adjoints of
// float array inputs against central finite differences of a random linear
// loss of the outputs), then, with a GPU, the same launches on the device.
#pragma once

#include "verify/runner/abi.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ws::verify::runner {

class GpuSession;
class RecordRun;

struct CheckOptions {
    uint64_t seed = 1;
    int fd_samples = 6;          // conclusive finite-difference probes wanted per record
    double probe_seconds = 3.0;  // CPU time allowed for finite-difference probes (slow kernels get fewer)
    GpuSession* gpu = nullptr;   // null: no GPU step
    std::string gpu_skip_reason; // the verdict when gpu is null
    std::string dump_dir;        // when set, inputs and forward outputs are written there (tests)
};

struct CheckResult {
    std::string executed;
    std::string grad;
    std::string gpu;
    std::string depends; // the outputs depend on the inputs
};

// The CPU results the GPU step is compared with.
struct CpuReference {
    std::vector<std::vector<uint8_t>> forward; // primal bytes after the forward pass, per argument
    std::vector<std::vector<uint8_t>> seed;    // adjoint bytes before the backward pass (the loss weights)
    std::vector<std::vector<uint8_t>> adjoint; // adjoint bytes after the backward pass, per argument
    bool has_adjoint = false;
};

CheckResult check_record(const ws_record_entry& entry, long index, const CheckOptions& options);

// The gradient check alone (exposed for the runner's own tests).
std::string gradient_check(RecordRun& run, int samples, double probe_seconds, CpuReference& ref);

} // namespace ws::verify::runner
