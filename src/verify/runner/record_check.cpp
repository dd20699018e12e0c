#include "verify/runner/record_check.h"

#include "verify/runner/gpu.h"
#include "verify/runner/input_dependence.h"
#include "verify/runner/record_run.h"
#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>

namespace ws::verify::runner {

namespace {

// Seconds of CPU time this thread has used. The probe budget is counted in it rather than in
// wall time, which stretches on a loaded machine: a slow record's verdict (how many probes it
// got) then changed from run to run.
double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// The first non-finite float component of any array, or empty.
std::string first_non_finite(RecordRun& run, bool adjoint) {
    for (ArgBuffers& a : run.args()) {
        if (!a.is_array()) continue;
        uint8_t* base = adjoint ? a.adjoint.data : a.primal.data;
        for (int64_t e = 0; e < a.count; ++e)
            for (int c = 0; c < a.desc.ncomp; ++c) {
                const int s = a.desc.comps[c].scalar;
                if (is_float(s) && !std::isfinite(load_scalar(a.component(base, e, c), s)))
                    return a.element_name(e, c) + " = " + fmt_double(load_scalar(a.component(base, e, c), s));
            }
    }
    return {};
}

// After the forward pass: "fail: nan in the outputs: ..." or "fail: inf in the
// outputs: ..." (nan first when both occur), naming the first bad component
// and how many of each array's float components are nan or inf; empty when
// every float is finite.
std::string non_finite_outputs(RecordRun& run) {
    std::string first_nan, first_inf, counts;
    for (ArgBuffers& a : run.args()) {
        if (!a.is_array()) continue;
        int64_t nan = 0, inf = 0, floats = 0;
        for (int64_t e = 0; e < a.count; ++e)
            for (int c = 0; c < a.desc.ncomp; ++c) {
                const int s = a.desc.comps[c].scalar;
                if (!is_float(s)) continue;
                ++floats;
                const double v = load_scalar(a.component(a.primal.data, e, c), s);
                if (std::isfinite(v)) continue;
                std::string& first = std::isnan(v) ? first_nan : first_inf;
                ++(std::isnan(v) ? nan : inf);
                if (first.empty()) first = a.element_name(e, c) + " = " + fmt_double(v);
            }
        for (auto [n, kind] : {std::pair{nan, "nan"}, std::pair{inf, "inf"}})
            if (n > 0)
                counts += (counts.empty() ? "" : "; ") + std::string(a.spec->name) + ": " +
                          std::to_string(n) + " of " + std::to_string(floats) + " values " + kind;
    }
    if (first_nan.empty() && first_inf.empty()) return {};
    return first_nan.empty() ? "fail: inf in the outputs: " + first_inf + " (" + counts + ")"
                             : "fail: nan in the outputs: " + first_nan + " (" + counts + ")";
}

std::vector<std::vector<uint8_t>> snapshot(RecordRun& run, bool adjoint) {
    std::vector<std::vector<uint8_t>> out;
    for (ArgBuffers& a : run.args()) {
        const uint8_t* p = adjoint ? a.adjoint.data : a.primal.data;
        out.emplace_back(p, p + a.bytes());
    }
    return out;
}

// The first array component whose bytes differ between two snapshots.
std::string first_difference(RecordRun& run, const std::vector<std::vector<uint8_t>>& x,
                             const std::vector<std::vector<uint8_t>>& y) {
    auto& args = run.args();
    for (size_t i = 0; i < args.size(); ++i) {
        if (x[i] == y[i]) continue;
        const ArgBuffers& a = args[i];
        for (int64_t e = 0; e < a.count; ++e)
            for (int c = 0; c < a.desc.ncomp; ++c) {
                size_t off = size_t(e) * size_t(a.desc.elem_size) + size_t(a.desc.comps[c].offset);
                int s = a.desc.comps[c].scalar;
                if (std::memcmp(&x[i][off], &y[i][off], size_t(scalar_size(s))) != 0)
                    return a.element_name(e, c) + ": " + fmt_double(load_scalar(&x[i][off], s)) + " then " +
                           fmt_double(load_scalar(&y[i][off], s));
            }
        return a.element_name(0, 0);
    }
    return {};
}

// Dump files are named after the record id (batches would repeat indices).
std::string dump_base(const std::string& dir, const char* id) {
    std::string name;
    for (const char* p = id; p && *p; ++p) name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
    return dir + "/" + name;
}

void write_dump(const std::string& dir, RecordRun& run, const std::vector<std::vector<uint8_t>>& fwd) {
    // <id>.json describes the arguments; <id>.bin holds, per argument in
    // order, the initial bytes then the bytes after the forward pass.
    std::string base = dump_base(dir, run.entry().id);
    std::ofstream js(base + ".json");
    std::ofstream bin(base + ".bin", std::ios::binary);
    js << "{\"id\": \"" << run.entry().id << "\", \"kernel\": \"" << run.entry().kernel << "\", \"dim\": [";
    for (int d = 0; d < run.entry().launch_ndim; ++d) js << (d ? ", " : "") << run.entry().dim[d];
    js << "], \"args\": [";
    auto& args = run.args();
    for (size_t i = 0; i < args.size(); ++i) {
        const ArgBuffers& a = args[i];
        js << (i ? ", " : "") << "{\"name\": \"" << a.spec->name
           << "\", \"array\": " << (a.is_array() ? 1 : 0) << ", \"output\": " << a.spec->is_output
           << ", \"elem_size\": " << a.desc.elem_size << ", \"shape\": [";
        for (int d = 0; d < (a.is_array() ? a.spec->ndim : 0); ++d) js << (d ? ", " : "") << a.spec->shape[d];
        js << "], \"scalars\": [";
        for (int c = 0; c < a.desc.ncomp; ++c)
            js << (c ? ", \"" : "\"") << scalar_name(a.desc.comps[c].scalar) << "\"";
        js << "], \"bytes\": " << a.bytes() << "}";
        bin.write(reinterpret_cast<const char*>(a.initial.data()), std::streamsize(a.bytes()));
        bin.write(reinterpret_cast<const char*>(fwd[i].data()), std::streamsize(a.bytes()));
    }
    js << "]}\n";
}

struct Probe {
    size_t arg;
    int64_t elem;
    int comp;
};

struct Tolerance {
    double step;  // relative finite-difference step
    double rtol;  // relative agreement
    double floor; // absolute agreement floor
};

Tolerance tolerance_for(int scalar) {
    // float64 kernels get a far tighter check; float32's step balances
    // truncation error (h^2) against rounding noise (eps / h).
    if (scalar == WS_F64) return {1e-5, 1e-5, 1e-8};
    return {1e-2, 2e-2, 1e-4};
}

} // namespace

std::string gradient_check(RecordRun& run, int samples, double probe_seconds, CpuReference& ref) {
    if (samples <= 0) return "skipped: not requested";
    if (!run.entry().backward) return "skipped: the record has no backward pass";
    if (run.entry().grad_skip_reason) return std::string("skipped: ") + run.entry().grad_skip_reason;
    const std::vector<double> weights = run.output_weights();
    if (weights.empty()) return "skipped: no float output array to form a loss";

    std::vector<Probe> candidates;
    bool half_inputs = false;
    double eps_out = 0x1p-52;
    auto& args = run.args();
    for (size_t i = 0; i < args.size(); ++i) {
        const ArgBuffers& a = args[i];
        if (!a.is_array()) continue;
        for (int c = 0; c < a.desc.ncomp; ++c) {
            int s = a.desc.comps[c].scalar;
            if (a.spec->is_output && is_float(s)) eps_out = std::max(eps_out, scalar_epsilon(s));
            if (a.spec->is_output || !is_float(s)) continue;
            if (s == WS_F16 || s == WS_BF16) {
                half_inputs = true;
                continue;
            }
            for (int64_t e = 0; e < a.count; ++e) candidates.push_back({i, e, c});
        }
    }
    if (candidates.empty())
        return half_inputs ? "skipped: float16/bfloat16 inputs are too coarse for finite differences"
                           : "skipped: no float input array to differentiate";

    run.reset();
    // The state after the forward pass is the snapshot check_record took (two passes agreed
    // on every byte): copying it back saves a launch.
    if (!run.restore_primal(ref.forward)) run.forward();
    run.seed_adjoints();
    ref.seed = snapshot(run, true);
    take_backward_assert();
    run.backward_unseeded();
    ref.adjoint = snapshot(run, true);
    ref.has_adjoint = true;
    // Named in a failure: a bounds check the backward pass tripped (see set_in_backward).
    std::string tripped = take_backward_assert();
    const std::string note =
        tripped.empty() ? "" : " (the backward pass tripped a bounds check: " + tripped + ")";
    if (std::string bad = first_non_finite(run, true); !bad.empty())
        return "fail: non-finite adjoint: " + bad + note;

    std::shuffle(candidates.begin(), candidates.end(), run.rng());
    // The loss with one input component set to x; `stored` is the value
    // actually stored (rounded to the input's type), `values` the outputs.
    auto loss_at = [&](const Probe& p, double x, double& stored, std::vector<double>& values) {
        ArgBuffers& a = args[p.arg];
        int s = a.desc.comps[p.comp].scalar;
        run.reset();
        uint8_t* slot = a.component(a.primal.data, p.elem, p.comp);
        store_scalar(slot, s, x);
        stored = load_scalar(slot, s);
        run.forward();
        run.output_values(values);
        double l = 0.0;
        for (size_t j = 0; j < values.size(); ++j) l += weights[j] * values[j];
        return l;
    };
    // Rounding noise of a difference quotient: only the outputs the probe
    // moved contribute, each with about one ulp of its own magnitude.
    auto noise_of = [&](const std::vector<double>& vp, const std::vector<double>& vm, double step) {
        double magnitude = 0.0;
        for (size_t j = 0; j < vp.size(); ++j)
            if (vp[j] != vm[j])
                magnitude += std::fabs(weights[j]) * std::max(std::fabs(vp[j]), std::fabs(vm[j]));
        return 32.0 * eps_out * magnitude / step;
    };
    std::vector<double> vp, vm;

    int conclusive = 0, attempts = 0;
    const int max_attempts = std::max(4 * samples, 8);
    // Every probe costs four forward passes: a slow kernel gets fewer probes,
    // never a time-out (one conclusive probe is enough to judge).
    // CPU time decides; twice the budget in wall time only guards the record's time-out
    // (verify's timeout_per_record, three budgets) on a heavily loaded machine.
    const double start = thread_cpu_seconds();
    const auto wall_start = std::chrono::steady_clock::now();
    auto out_of_budget = [&] {
        const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wall_start;
        return thread_cpu_seconds() - start > probe_seconds || wall.count() > 2 * probe_seconds;
    };
    bool out_of_time = false;
    for (const Probe& p : candidates) {
        if (conclusive >= samples || attempts >= max_attempts) break;
        if (attempts > 0 && out_of_budget()) {
            out_of_time = true;
            break;
        }
        ++attempts;
        ArgBuffers& a = args[p.arg];
        const int s = a.desc.comps[p.comp].scalar;
        const Tolerance tol = tolerance_for(s);
        const double x0 = load_scalar(a.component(a.initial.data(), p.elem, p.comp), s);
        const double g = load_scalar(a.component(ref.adjoint[p.arg].data(), p.elem, p.comp), s);

        // Central differences at h and h/10: their disagreement tells a kink,
        // jump or staircase inside the interval (then the probe is
        // inconclusive) from a wrong adjoint (consistent differences that
        // differ from the adjoint).
        double est[2], noise[2];
        for (int k = 0; k < 2; ++k) {
            double h = tol.step * std::max(1.0, std::fabs(x0)) / (k ? 10.0 : 1.0);
            double xp, xm;
            double lp = loss_at(p, x0 + h, xp, vp);
            double lm = loss_at(p, x0 - h, xm, vm);
            est[k] = (lp - lm) / (xp - xm);
            noise[k] = noise_of(vp, vm, xp - xm);
        }
        auto within = [&](double u, double v, double n) {
            return std::fabs(u - v) <= tol.floor + n + tol.rtol * std::max(std::fabs(u), std::fabs(v));
        };
        const double n = std::max(noise[0], noise[1]);
        if (!std::isfinite(est[0]) || !std::isfinite(est[1]) || !within(est[0], est[1], n))
            continue; // not smooth here
        ++conclusive;
        const double richardson = (100.0 * est[1] - est[0]) / 99.0;
        if (within(g, est[1], n) || within(g, richardson, n) || within(g, est[0], n)) continue;
        run.reset();
        return "fail: adjoint differs from finite differences: d(loss)/d " + a.element_name(p.elem, p.comp) +
               " is " + fmt_double(g) + " by the adjoint, " + fmt_double(est[1]) + " by finite differences" +
               note;
    }
    run.reset();
    if (conclusive == 0)
        return out_of_time
                   ? "skipped: no conclusive finite-difference probe within the time allowed"
                   : "skipped: the loss is not smooth at the " + std::to_string(attempts) + " probed inputs";
    return "pass";
}

CheckResult check_record(const ws_record_entry& entry, long index, const CheckOptions& options) {
    CheckResult r;
    auto not_run = [&](std::string executed, const std::string& why) {
        r.executed = std::move(executed);
        r.grad = r.gpu = r.depends = why;
        return r;
    };
    // Compiled only (a kernel that queries a mesh or hash grid the verifier does not build): every
    // run verdict says why.
    if (entry.skip_reason) {
        const std::string why = std::string("skipped: ") + entry.skip_reason;
        return not_run(why, why);
    }
    RecordRun run(entry, options.seed);
    if (!run.unsupported().empty()) return not_run("skipped: " + run.unsupported(), "skipped: not executed");

    run.reset();
    run.forward();
    auto first = snapshot(run, false);
    if (std::string bad = non_finite_outputs(run); !bad.empty())
        return not_run(bad, "skipped: not executed cleanly");
    run.reset();
    run.forward();
    auto second = snapshot(run, false);
    if (std::string diff = first_difference(run, first, second); !diff.empty())
        return not_run("fail: two forward passes on the same inputs differ: " + diff,
                       "skipped: not executed cleanly");
    report_redrawing(index);
    r.depends = input_dependence(run, first);
    if (!options.dump_dir.empty()) write_dump(options.dump_dir, run, first);
    r.executed = "pass";
    report_forward_done(index, r.executed, r.depends);

    CpuReference ref;
    ref.forward = first;
    r.grad = gradient_check(run, options.fd_samples, options.probe_seconds, ref);
    if (!options.dump_dir.empty() && ref.has_adjoint) {
        // <id>.grad.bin: per argument, the adjoint seeds then the adjoints after the backward pass.
        std::ofstream bin(dump_base(options.dump_dir, entry.id) + ".grad.bin", std::ios::binary);
        for (size_t i = 0; i < ref.seed.size(); ++i) {
            bin.write(reinterpret_cast<const char*>(ref.seed[i].data()), std::streamsize(ref.seed[i].size()));
            bin.write(reinterpret_cast<const char*>(ref.adjoint[i].data()),
                      std::streamsize(ref.adjoint[i].size()));
        }
    }

    if (!options.gpu)
        r.gpu = options.gpu_skip_reason.empty() ? "skipped: no CUDA device" : options.gpu_skip_reason;
    else
        r.gpu = options.gpu->check(run, ref);
    return r;
}

} // namespace ws::verify::runner
