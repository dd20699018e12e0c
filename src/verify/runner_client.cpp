#include "verify/runner_client.h"

#include "verify/process.h"

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <unistd.h>

namespace ws::verify {

namespace fs = std::filesystem;

namespace {

constexpr const char* kRunnerName = "warpsynth-verify-runner";

// A line of the child's stderr worth quoting in a verdict (sanitizer
// reports, glibc's own aborts), or empty.
std::string notable_stderr(const std::string& tail) {
    for (const char* marker : {"runtime error:", "AddressSanitizer", "stack smashing", "double free",
                               "free():", "malloc():", "terminate called", "symbol lookup error"}) {
        size_t p = tail.find(marker);
        if (p == std::string::npos) continue;
        size_t a = tail.rfind('\n', p);
        a = a == std::string::npos ? 0 : a + 1;
        size_t b = tail.find('\n', p);
        std::string line = tail.substr(a, b == std::string::npos ? std::string::npos : b - a);
        // Drop the unit's path before "runtime error:".
        if (size_t e = line.find("runtime error:"); e != std::string::npos) line = line.substr(e);
        return line.size() > 300 ? line.substr(0, 300) + "..." : line;
    }
    return {};
}

std::vector<std::string> split_tabs(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        size_t t = s.find('\t', start);
        out.push_back(s.substr(start, t == std::string::npos ? std::string::npos : t - start));
        if (t == std::string::npos) break;
        start = t + 1;
    }
    return out;
}

void fail_rest(std::vector<RunnerResult>& results, std::vector<bool>& done, const std::string& why) {
    for (size_t k = 0; k < results.size(); ++k)
        if (!done[k]) {
            results[k] = {"fail: " + why, "skipped: not executed", "skipped: not executed",
                          "skipped: not executed"};
            done[k] = true;
        }
}

// Where the runner was in a record when it failed: its first forward passes,
// the forward pass on redrawn inputs (input-dependence check), or past both
// (the gradient check and GPU step), when `forward` holds the record's
// forward verdicts.
struct RecordPhase {
    bool redrawn = false;
    RunnerResult
        forward; // executed and depends_on_inputs (judge mode: and gpu, the outputs), set by the F line

    bool forward_done() const { return !forward.executed.empty(); }
    // The verdicts of a record whose gradient check ended with `grad`.
    RunnerResult after_forward(std::string grad) const {
        return {forward.executed, std::move(grad),
                forward.gpu.empty() ? "skipped: not executed cleanly" : forward.gpu,
                forward.depends_on_inputs};
    }
    // The record's verdicts when the runner failed it for `why` (a crash, a
    // time-out, a failed assert): the step it was in fails.
    RunnerResult failed(const std::string& why) const {
        if (forward_done()) return after_forward("fail: " + why + " (gradient check)");
        const std::string where = redrawn ? " (on inputs drawn anew for the input-dependence check)" : "";
        const std::string not_clean = "skipped: not executed cleanly";
        return {"fail: " + why + where, not_clean, not_clean, not_clean};
    }
};

// The verdicts an R (results), A (failed assert) or U (unsupported) line gives its record.
RunnerResult verdicts_of(char kind, const std::vector<std::string>& parts, const RecordPhase& phase) {
    if (kind == 'R') return {parts[1], parts[2], parts[3], parts[4]};
    if (kind == 'A') {
        std::string msg = parts.size() > 1 ? parts[1] : "assertion failed";
        bool bounds = msg.find("shape") != std::string::npos;
        std::string what = bounds ? "out-of-bounds array access" : "assertion failed";
        return phase.forward_done() ? phase.after_forward("fail: " + what + " in the backward pass: " + msg)
                                    : phase.failed(what + ": " + msg);
    }
    const std::string no = "skipped: not executed";
    return {"skipped: " + (parts.size() > 1 ? parts[1] : std::string("unsupported")), no, no, no};
}

// The runner's command line for the records from `first` on.
std::vector<std::string> runner_argv(const RunnerOptions& o, size_t first) {
    std::vector<std::string> argv = {o.runner, "--so", o.so_path, "--first", std::to_string(first), "--seed",
                                     std::to_string(o.seed), "--fd-samples", std::to_string(o.fd_samples),
                                     // Probing stops in time for the record to finish within its limit.
                                     "--probe-seconds", std::to_string(o.timeout_per_record / 3)};
    if (o.gpu)
        argv.insert(argv.end(), {"--gpu", "--ptx", o.ptx_path});
    else if (!o.gpu_skip.empty())
        argv.insert(argv.end(), {"--gpu-skip", o.gpu_skip});
    if (!o.dump_dir.empty()) argv.insert(argv.end(), {"--dump", o.dump_dir});
    if (o.judge_draws > 0) {
        std::string pairs;
        for (auto [r, c] : o.judge_pairs) pairs += (pairs.empty() ? "" : ",") + fmt::format("{}:{}", r, c);
        argv.insert(argv.end(), {"--judge-draws", std::to_string(o.judge_draws), "--judge-pairs", pairs});
    }
    return argv;
}

} // namespace

std::string find_runner(const std::string& explicit_path) {
    std::error_code ec;
    if (!explicit_path.empty()) return fs::is_regular_file(explicit_path, ec) ? explicit_path : "";
    if (const char* env = std::getenv("WS_VERIFY_RUNNER"); env && *env)
        return fs::is_regular_file(env, ec) ? std::string(env) : "";
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path sibling = self.parent_path() / kRunnerName;
        if (fs::is_regular_file(sibling, ec)) return sibling.string();
    }
#ifdef WS_VERIFY_RUNNER_BUILD_PATH
    if (fs::is_regular_file(WS_VERIFY_RUNNER_BUILD_PATH, ec)) return WS_VERIFY_RUNNER_BUILD_PATH;
#endif
    return {};
}

std::vector<RunnerResult> run_records(const RunnerOptions& o, size_t count) {
    std::vector<RunnerResult> results(count);
    std::vector<bool> done(count, false);
    size_t first = 0;
    int restarts = 0;
    while (first < count) {
        std::vector<std::string> argv = runner_argv(o, first);

        ReportingChild child;
        std::string error;
        if (!child.start(argv, error)) {
            fail_rest(results, done, "cannot start the runner: " + error);
            return results;
        }
        long current = -1;
        RecordPhase phase; // of the current record
        bool finished = false, fatal = false, exits_after_report = false;
        std::string line;
        // Loading the batch (dlopen, CUDA context) gets its own allowance.
        double limit = o.timeout_per_record + 30.0;
        for (;;) {
            int got = child.next_line(line, limit);
            if (got == 0) { // time limit
                child.kill_and_wait();
                if (current >= 0) {
                    results[size_t(current)] = phase.failed("timed out: no result within " +
                                                            std::to_string(int(o.timeout_per_record)) + " s");
                    done[size_t(current)] = true;
                    current = -1;
                    exits_after_report = true; // killed on purpose: go on with the next record
                } else {
                    fail_rest(results, done, "the runner did not start its first record in time");
                    fatal = true;
                }
                break;
            }
            if (got < 0) break; // pipe closed: the runner ended (see below)
            if (line.empty()) continue;
            char kind = line[0];
            if (kind == 'S') {
                current = std::atol(line.c_str() + 2);
                phase = RecordPhase{};
                limit = o.timeout_per_record;
            } else if (kind == 'P') {
                phase.redrawn = true;
            } else if (kind == 'F') {
                auto parts = split_tabs(line.substr(2));
                phase.forward.executed = parts.size() > 1 ? parts[1] : "pass";
                phase.forward.depends_on_inputs = parts.size() > 2 ? parts[2] : "skipped: not reported";
                if (parts.size() > 3) phase.forward.gpu = parts[3];
            } else if (kind == 'R' || kind == 'A' || kind == 'U') {
                auto parts = split_tabs(line.substr(2));
                long k = std::atol(parts[0].c_str());
                if (k < 0 || size_t(k) >= count) continue;
                if (kind != 'R' || parts.size() >= 5) results[size_t(k)] = verdicts_of(kind, parts, phase);
                done[size_t(k)] = true;
                exits_after_report = kind != 'R'; // after A and U the runner exits by design
                current = -1;
                limit = o.timeout_per_record + 30.0;
            } else if (kind == 'E') {
                fail_rest(results, done, "runner error: " + (line.size() > 2 ? line.substr(2) : ""));
                fatal = true;
            } else if (kind == 'D') {
                finished = true;
            }
        }
        int exit_code = -1, sig = 0;
        child.wait(exit_code, sig);
        if (fatal || finished) break;
        // The runner died. If a record was running, it is the culprit.
        std::string detail = notable_stderr(child.stderr_tail());
        if (current >= 0) {
            std::string why = sig ? "crashed: " + signal_description(sig)
                                  : "crashed: the runner exited with status " + std::to_string(exit_code);
            if (!detail.empty())
                why =
                    (detail.find("runtime error") != std::string::npos ? "sanitizer: " : why + ": ") + detail;
            results[size_t(current)] = phase.failed(why);
            done[size_t(current)] = true;
        } else if (!exits_after_report) {
            fail_rest(results, done,
                      "the runner stopped before running a record (" +
                          (sig ? signal_description(sig) : "status " + std::to_string(exit_code)) +
                          (detail.empty() ? std::string() : ": " + detail) + ")");
            break;
        }
        // Continue after the last record with a result.
        while (first < count && done[first]) ++first;
        if (++restarts > int(count) + 1) {
            fail_rest(results, done, "the runner keeps dying");
            break;
        }
    }
    // A runner that finished without reporting some record (should not happen).
    for (size_t k = 0; k < count; ++k)
        if (!done[k])
            results[k] = {"fail: no result from the runner", "skipped: not executed", "skipped: not executed",
                          "skipped: not executed"};
    return results;
}

} // namespace ws::verify
