// The parent side of kernel execution: runs warpsynth-verify-runner on a
// batch's shared object and collects one result per record. A record that
// crashes the runner, fails a bounds check or exceeds its time limit is
// failed, and a fresh runner continues with the next record.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ws::verify {

struct RunnerOptions {
    std::string runner;   // the executable
    std::string so_path;  // the batch's shared object
    std::string ptx_path; // with `gpu`: the batch's PTX
    bool gpu = false;
    std::string gpu_skip; // the GPU verdict when !gpu
    uint64_t seed = 1;
    int fd_samples = 6;
    double timeout_per_record = 20.0;
    std::string dump_dir;
    // > 0: judge mode (runner/judge_pair.h): `count` is the number of judge_pairs (table indices of
    // a reference and a candidate), and each pair's inputs are drawn this many times.
    int judge_draws = 0;
    std::vector<std::pair<size_t, size_t>> judge_pairs;
};

struct RunnerResult {
    std::string executed, grad_check, gpu, depends_on_inputs; // judge mode: `gpu` compares the outputs
};

// `count` records are in the shared object's table.
std::vector<RunnerResult> run_records(const RunnerOptions& options, size_t count);

// The runner executable: $WS_VERIFY_RUNNER, else next to the running
// program, else where the build put it. Empty if none exists.
std::string find_runner(const std::string& explicit_path);

} // namespace ws::verify
