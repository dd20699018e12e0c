// Verification of pair records: every record's CUDA code compiled to PTX with
// NVRTC, its CPU code compiled with the host compiler and run in a child
// process on random inputs (finite, in-bounds, deterministic), its backward
// pass checked against finite differences, and, where a CUDA device exists,
// its CUDA kernels run and compared with the CPU. Verdicts go into each
// record's `verification`:
//
//   compiled_cuda  NVRTC accepts the record's CUDA code (batched; bisected on failure)
//   compiled_cpu   the host compiler accepts the record's CPU code
//   executed       the forward pass runs cleanly: no crash, no failed bounds
//                  check, no time-out, finite outputs ("nan in the outputs" /
//                  "inf in the outputs" name the first bad value and count
//                  them per array), same result twice, no crash on inputs
//                  drawn anew (and, with a GPU, the same outputs on the device)
//   grad_check     adjoints of float array inputs match central finite
//                  differences of a random linear loss of the outputs
//   depends_on_inputs  every output array changes when the inputs are drawn
//                  anew (runner/input_dependence.h); a kernel whose outputs
//                  ignore its inputs fails
//
// Each is "pass", "fail: <reason>" or "skipped: <reason>".
//
// Records with CUDA code only (generate's default) are executed through CPU
// code recompiled from their python_source by warpsynth's compiler; their
// compiled_cpu is "skipped: the record has no CPU code".
#pragma once

#include "dataset/record.h"
#include "verify/totals.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ws::verify {

struct VerifyOptions {
    std::string warp_include; // --warp-include; empty: $WARP_INCLUDE, then python3 on PATH

    // Steps. `execute` needs CPU compilation, which it then does regardless of `cpu`.
    bool cuda = true;
    bool cpu = true;
    bool execute = true;
    bool grad_check = true;
    bool gpu = true; // on a CUDA device, when there is one

    // "auto": "syntax" (NVRTC's front end: parsing, types, templates; no PTX) unless a
    // CUDA device will run the code, then "full" (PTX with Warp's own options).
    // Full PTX generation costs ~0.4 s of CPU per synthesized record, the front
    // end ~20 ms. "fast" is full with --Ofast-compile=max.
    std::string cuda_mode = "auto";
    unsigned jobs = 0;              // batches verified at once; 0: hardware threads
    size_t batch_size = 256;        // records per compilation (fewer compiler runs: ~4% less CPU than 128)
    double timeout_per_record = 20; // seconds of execution per record before it fails as hung
    double compile_timeout = 900;   // seconds per host compiler run
    uint64_t seed = 1;              // random inputs (mixed with each record's id)
    int fd_samples = 6;             // finite-difference probes per record
    std::string cxx = "auto";
    bool sanitize = false; // UndefinedBehaviorSanitizer in the CPU code

    std::string work_dir; // empty: a fresh temporary folder, removed afterwards
    bool keep_work = false;
    std::string cache_dir; // precompiled headers; empty: $WS_VERIFY_CACHE, $XDG_CACHE_HOME/warpsynth/verify,
                           // ~/.cache/...
    std::string runner;    // warpsynth-verify-runner; empty: found automatically
    std::string dump_dir;  // tests: inputs and forward outputs of every executed record
};

// What verification found on this machine (for the CLI and the runbook).
struct Environment {
    std::string warp_native, warp_version, warp_found_via;
    std::string nvrtc; // "NVRTC 13.0 (/usr/local/cuda/lib64/libnvrtc.so)" or why not
    bool nvrtc_ok = false;
    std::string cuda_device; // device name and compute capability, or why not
    bool cuda_device_ok = false;
    std::string host_compiler; // "g++ 12.2.0 (precompiled prefix)" or why not
    bool host_compiler_ok = false;
    std::string runner;
    std::string cuda_mode;
    std::string describe() const;
};

class Verifier {
  public:
    // Finds Warp's headers, NVRTC, a CUDA device, the host compiler and the
    // runner. Throws std::runtime_error when verification cannot work at all
    // (no Warp headers, no runner for execution, headers that do not compile).
    explicit Verifier(VerifyOptions options);
    ~Verifier();
    Verifier(const Verifier&) = delete;
    Verifier& operator=(const Verifier&) = delete;

    // Verifies `records` in place. Safe to call repeatedly (e.g. once per
    // batch of a generate run); batches inside are verified in parallel.
    // Returns the totals of this call (with per-record GPU verdicts counted).
    VerifyTotals verify(std::vector<dataset::Record>& records);

    // The streaming form: `source` fills an empty vector with the next compilation batch
    // (options().batch_size records, fewer at the end; false when none are left), batches are
    // verified in parallel and handed to `sink` one at a time in the source's order. Reading,
    // verifying and writing overlap, with no barrier between batches; `total` is for progress.
    using BatchSource = std::function<bool(std::vector<dataset::Record>&)>;
    using BatchSink = std::function<void(std::vector<dataset::Record>&)>;
    VerifyTotals verify_stream(const BatchSource& source, const BatchSink& sink, size_t total);

    // Called after each finished compilation batch with (done, total) of the current call.
    void set_progress(std::function<void(size_t, size_t)> progress);

    const Environment& environment() const;
    const VerifyOptions& options() const;
    // Totals of every verify() call so far.
    VerifyTotals cumulative() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// One-shot convenience: a Verifier for `options`, one verify() call.
VerifyTotals verify_records(std::vector<dataset::Record>& records, const VerifyOptions& options);

} // namespace ws::verify
