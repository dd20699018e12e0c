// synth_throughput: kernels per second for synthesis alone, and for synthesis +
// compilation (CUDA, forward and backward, strip_hash) through ws::compile_module.
//
//   synth_throughput [--count N] [--compile-count M] [--seed S]
//
// One thread. While the compiler's language coverage grows, some kernels are rejected
// (CompileError: timed, counted) and some may crash it; crashing kernels are found
// first in a forked child and left out of the timed run (and counted).
#include "codegen/compile.h"
#include "synth/synth.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

ws::CompileOptions cuda_options() {
    ws::CompileOptions o;
    o.device = ws::Device::Cuda;
    o.strip_hash = true;
    o.enable_backward = true;
    o.comment_path = "/synth/kernel.py";
    return o;
}

bool compile(const ws::synth::SynthKernel& k) {
    try {
        auto src = std::make_shared<const ws::SourceFile>("kernel.py", k.python_source);
        auto out = ws::compile_module(src, cuda_options());
        return !out.body.empty();
    } catch (const std::exception&) {
        return false;
    }
}

// Indices in [0, m) whose compilation crashes the process, found by compiling in a
// forked child that reports each index before trying it.
std::set<uint64_t> crashing(const ws::synth::SynthOptions& options, uint64_t m) {
    std::set<uint64_t> bad;
    uint64_t next = 0;
    while (next < m) {
        int fds[2];
        if (pipe(fds) != 0) return bad;
        const pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            for (uint64_t i = next; i < m; ++i) {
                if (bad.count(i)) continue;
                if (write(fds[1], &i, sizeof i) != sizeof i) _exit(3);
                compile(ws::synth::synthesize(options, i));
            }
            _exit(0);
        }
        close(fds[1]);
        uint64_t last = next, v;
        bool any = false;
        while (read(fds[0], &v, sizeof v) == sizeof v) {
            last = v;
            any = true;
        }
        close(fds[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) break;
        if (!any) break;
        bad.insert(last);
        next = last + 1;
    }
    return bad;
}

} // namespace

int main(int argc, char** argv) {
    uint64_t count = 20000, compile_count = 2000;
    ws::synth::SynthOptions options;
    options.seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--count")
            count = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--compile-count")
            compile_count = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--seed")
            options.seed = std::strtoull(v.c_str(), nullptr, 10);
        else {
            std::fprintf(stderr, "usage: synth_throughput [--count N] [--compile-count M] [--seed S]\n");
            return 2;
        }
    }

    // Synthesis alone.
    size_t bytes = 0;
    auto t0 = Clock::now();
    for (uint64_t i = 0; i < count; ++i) bytes += ws::synth::synthesize(options, i).python_source.size();
    double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("synthesis:           %10.0f kernels/s  (%llu kernels, %.1f MB of Python, %.2f s)\n",
                static_cast<double>(count) / secs, static_cast<unsigned long long>(count), bytes / 1e6, secs);

    // Synthesis + compilation (CUDA forward and backward).
    const std::set<uint64_t> bad = crashing(options, compile_count);
    uint64_t attempted = 0, compiled = 0;
    t0 = Clock::now();
    for (uint64_t i = 0; i < compile_count; ++i) {
        if (bad.count(i)) continue;
        ++attempted;
        compiled += compile(ws::synth::synthesize(options, i));
    }
    secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("synthesis + compile: %10.0f kernels/s  (cuda, forward + backward; %llu kernels in %.2f s: "
                "%llu compiled, %llu rejected, %zu crashed the compiler and were left out)\n",
                static_cast<double>(attempted) / secs, static_cast<unsigned long long>(attempted), secs,
                static_cast<unsigned long long>(compiled),
                static_cast<unsigned long long>(attempted - compiled), bad.size());
    if (compiled > 0 && compiled < attempted)
        std::printf("note: rejected kernels stop compiling early, so the figure is optimistic until coverage "
                    "is complete; compiled-only rate needs all kernels to compile\n");
    return 0;
}
