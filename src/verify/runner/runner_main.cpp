// warpsynth-verify-runner: the child process that executes generated kernels.
//
//   warpsynth-verify-runner --so BATCH.so [--first K] [--seed S] [--fd-samples N] [--probe-seconds T]
//                           [--ptx BATCH.ptx] [--dump DIR] [--report-fd FD]
//                           [--judge-draws N --judge-pairs R:C,R:C,...]
//
// Loads a batch shared object made by ws_verify (kernels + glue), runs its
// records from K on, and reports each record's verdicts on the report pipe
// (report.h). It is a separate executable so that a kernel that crashes,
// hangs or fails a bounds check takes down only this process: the parent
// marks that record failed and starts a new runner at the next record.
//
// With --judge-draws (warpsynth judge), pair k of --judge-pairs names a
// reference and a candidate in the table (a record's kernel shared by several
// candidates is in the table once) and is reported as record k
// (judge_pair.h): the R line's third field is the output comparison instead
// of the GPU verdict.
#include "verify/runner/abi.h"
#include "verify/runner/gpu.h"
#include "verify/runner/judge_pair.h"
#include "verify/runner/record_check.h"
#include "verify/runner/report.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace ws::verify::runner;

namespace {

int usage(const char* why) {
    report_error(std::string("runner usage: ") + why);
    return 2;
}

// "R:C,R:C,..." (table indices of a reference and a candidate).
std::vector<std::pair<long, long>> parse_pairs(const std::string& text) {
    std::vector<std::pair<long, long>> out;
    for (const char* p = text.c_str(); *p;) {
        char* end = nullptr;
        const long r = std::strtol(p, &end, 10);
        if (*end != ':') return {};
        const long c = std::strtol(end + 1, &end, 10);
        out.emplace_back(r, c);
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end) return {};
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    std::string so, ptx, dump;
    long first = 0;
    int judge_draws = 0;
    std::vector<std::pair<long, long>> pairs;
    CheckOptions options;
    bool gpu = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--so")
            so = value();
        else if (a == "--first")
            first = std::atol(value().c_str());
        else if (a == "--seed")
            options.seed = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--fd-samples")
            options.fd_samples = std::atoi(value().c_str());
        else if (a == "--probe-seconds")
            options.probe_seconds = std::atof(value().c_str());
        else if (a == "--ptx")
            ptx = value();
        else if (a == "--gpu")
            gpu = true;
        else if (a == "--gpu-skip")
            options.gpu_skip_reason = value();
        else if (a == "--dump")
            options.dump_dir = value();
        else if (a == "--judge-draws")
            judge_draws = std::atoi(value().c_str());
        else if (a == "--judge-pairs")
            pairs = parse_pairs(value());
        else if (a == "--report-fd")
            set_report_fd(std::atoi(value().c_str()));
        else
            return usage(("unknown option " + a).c_str());
    }
    if (so.empty()) return usage("--so is required");

    // Lazy binding: a kernel that calls a Warp runtime function this runner
    // does not provide fails alone (its record), instead of the whole batch.
    void* lib = dlopen(so.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (!lib) {
        report_error(std::string("cannot load ") + so + ": " + dlerror());
        return 2;
    }
    auto* records = static_cast<const ws_record_entry*>(dlsym(lib, WS_RECORDS_SYMBOL));
    auto* count = static_cast<const int*>(dlsym(lib, WS_RECORD_COUNT_SYMBOL));
    if (!records || !count) {
        report_error(so + " is not a verification batch (no " WS_RECORDS_SYMBOL ")");
        return 2;
    }

    if (judge_draws > 0) {
        for (auto [r, c] : pairs)
            if (r < 0 || c < 0 || r >= *count || c >= *count) return usage("--judge-pairs outside the table");
        for (long k = first; k < long(pairs.size()); ++k) {
            set_current_record(k);
            report_start(k);
            const auto [r, c] = pairs[size_t(k)];
            JudgeVerdicts v = judge_pair(records[r], records[c], k, options.seed, judge_draws);
            report_result(k, v.executed, v.grad, v.outputs, v.depends);
        }
        set_current_record(-1);
        report_done();
        return 0;
    }

    std::unique_ptr<GpuSession> session;
    if (gpu) {
        std::string why;
        session = GpuSession::open(ptx, why);
        if (!session)
            options.gpu_skip_reason =
                why.rfind("fail:", 0) == 0 || why.rfind("skipped:", 0) == 0 ? why : "skipped: " + why;
    }
    options.gpu = session.get();

    for (long k = first; k < *count; ++k) {
        set_current_record(k);
        report_start(k);
        CheckResult r = check_record(records[k], k, options);
        report_result(k, r.executed, r.grad, r.gpu, r.depends);
    }
    set_current_record(-1);
    session.reset();
    report_done();
    return 0;
}
