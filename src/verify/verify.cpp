#include "verify/verify.h"

#include "verify/batch_unit.h"
#include "verify/cuda_compiler.h"
#include "verify/cuda_driver.h"
#include "verify/differentiability.h"
#include "verify/host_compiler.h"
#include "verify/launch_plan.h"
#include "verify/nvrtc_library.h"
#include "verify/record_code.h"
#include "verify/runner_client.h"
#include "verify/warp_headers.h"
#include "verify/work_dir.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#include <thread>
#include <unistd.h>

namespace ws::verify {

namespace fs = std::filesystem;

std::string Environment::describe() const {
    std::string s;
    s += "warp headers:   " + warp_native +
         (warp_version.empty() ? "" : " (warp-lang " + warp_version + ")") + " via " + warp_found_via + "\n";
    s += "CUDA compiler:  " + nvrtc + (nvrtc_ok ? ", mode " + cuda_mode : "") + "\n";
    s += "CUDA device:    " + cuda_device + "\n";
    s += "host compiler:  " + host_compiler + "\n";
    if (!runner.empty()) s += "runner:         " + runner + "\n";
    return s;
}

namespace {

bool write_text(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    return bool(out);
}

// One record's progress through a batch.
struct Item {
    dataset::Record* record = nullptr;
    RecordCode cuda, cpu;
    bool cpu_recompiled = false;
    LaunchPlan plan;
    bool in_cuda = false, in_cpu = false; // members of the compilations
    bool cuda_ok = false, cpu_ok = false;
    // A tile kernel runs from the CPU code Warp builds for a CPU launch (block_dim=1).
    RecordCode lane;
    LaunchPlan lane_plan;
    bool in_lane = false;
    std::string compiled_cuda, compiled_cpu, executed, grad, gpu, depends;
};

} // namespace

struct Verifier::Impl {
    VerifyOptions o;
    Environment env;
    WarpHeaders headers;
    const NvrtcLibrary* nvrtc = nullptr;
    std::string cuda_skip; // compiled_cuda verdict when CUDA cannot be compiled here
    CudaCompilerConfig cuda_config;
    CudaDeviceInfo device;
    std::string gpu_skip; // gpu verdict when there is no GPU step
    std::unique_ptr<HostCompiler> host;
    HostCompilerConfig hc;
    std::string cpu_skip; // compiled_cpu verdict when there is no host compiler
    std::string runner;
    // The compiler for block_dim=1 units (tile kernels), made on first use: its prefix differs.
    std::unique_ptr<HostCompiler> lane_host;
    std::string lane_host_error;
    std::once_flag lane_once;
    std::string work_dir;
    bool own_work_dir = false;
    std::atomic<size_t> batch_counter{0};
    std::function<void(size_t, size_t)> progress;
    mutable std::mutex mutex;
    VerifyTotals cumulative;

    explicit Impl(VerifyOptions options) : o(std::move(options)) {
        headers = locate_warp_headers(o.warp_include);
        env.warp_native = headers.native_dir;
        env.warp_version = headers.version;
        env.warp_found_via = headers.found_via;
        cuda_config.native_dir = headers.native_dir;
        const bool auto_mode = o.cuda_mode == "auto";
        if (!auto_mode && !cuda_mode_from_name(o.cuda_mode, cuda_config.mode))
            throw std::runtime_error("unknown CUDA mode '" + o.cuda_mode + "' (auto, full, fast or syntax)");

        if (o.cuda) {
            std::string why;
            nvrtc = load_nvrtc(why);
            if (nvrtc) {
                env.nvrtc = fmt::format("NVRTC {}.{} ({})", nvrtc->major, nvrtc->minor, nvrtc->path);
                env.nvrtc_ok = true;
            } else {
                cuda_skip = "skipped: " + why;
                env.nvrtc = why;
            }
        } else {
            cuda_skip = "skipped: not requested";
            env.nvrtc = "not requested";
        }

        if (o.execute && o.gpu) {
            device = probe_cuda_device();
            if (device.present) {
                env.cuda_device = fmt::format("{} (compute capability {}.{})", device.name, device.cc_major,
                                              device.cc_minor);
                env.cuda_device_ok = true;
                if (nvrtc) {
                    // PTX for the device's own architecture, as Warp does, within what NVRTC supports.
                    cuda_config.arch = std::clamp(device.cc_major * 10 + device.cc_minor, nvrtc->min_arch(),
                                                  nvrtc->max_arch());
                }
                if (!nvrtc) gpu_skip = "skipped: no NVRTC to compile the CUDA code";
            } else {
                gpu_skip = "skipped: " + device.why_not;
                env.cuda_device = device.why_not;
            }
        } else {
            gpu_skip = "skipped: not requested";
            env.cuda_device = "not requested";
        }

        if (auto_mode) cuda_config.mode = device.present && nvrtc ? CudaMode::Full : CudaMode::Syntax;
        env.cuda_mode = cuda_mode_name(cuda_config.mode);
        if (device.present && gpu_skip.empty() && cuda_config.mode == CudaMode::Syntax)
            gpu_skip = "skipped: CUDA compiled in syntax-only mode (no PTX)";

        work_dir = o.work_dir.empty() ? make_temp_dir("verify") : o.work_dir;
        own_work_dir = o.work_dir.empty();
        std::error_code ec;
        fs::create_directories(work_dir, ec);
        if (!o.dump_dir.empty()) fs::create_directories(o.dump_dir, ec);

        if (o.cpu || o.execute) {
            hc.cxx = o.cxx;
            hc.native_dir = headers.native_dir;
            hc.cache_dir = o.cache_dir.empty() ? default_cache_dir() : o.cache_dir;
            if (hc.cache_dir.empty()) hc.cache_dir = work_dir + "/cache";
            hc.sanitize = o.sanitize;
            hc.timeout_seconds = o.compile_timeout;
            host = std::make_unique<HostCompiler>(hc);
            std::string error;
            if (!host->prepare(error)) {
                // A missing compiler skips the CPU steps; headers it cannot compile are a setup error.
                if (error.find("does not run") == std::string::npos) throw std::runtime_error(error);
                cpu_skip = "skipped: no host C++ compiler (" + host->cxx() + ")";
                env.host_compiler = error;
                host.reset();
            } else {
                hc.cxx = host->cxx(); // "auto" resolved, for the block_dim=1 compiler too
                env.host_compiler =
                    hc.cxx + " " + host->version() + (host->pch_ready() ? " (precompiled prefix)" : "");
                env.host_compiler_ok = true;
            }
        } else {
            cpu_skip = "skipped: not requested";
            env.host_compiler = "not requested";
        }

        if (o.execute && host) {
            runner = find_runner(o.runner);
            if (runner.empty())
                throw std::runtime_error(
                    "cannot find warpsynth-verify-runner (it is built next to warpsynth; set "
                    "WS_VERIFY_RUNNER to its path)");
            env.runner = runner;
        }
    }

    ~Impl() {
        if (own_work_dir && !o.keep_work) {
            std::error_code ec;
            fs::remove_all(work_dir, ec);
        }
    }

    void prepare(Item& it) {
        dataset::Record& r = *it.record;
        if (o.cuda) {
            it.cuda = cuda_code(r);
            if (!it.cuda.present)
                it.compiled_cuda = "skipped: the record has no CUDA code";
            else if (!it.cuda.error.empty())
                it.compiled_cuda = "fail: " + it.cuda.error;
            else if (!cuda_skip.empty())
                it.compiled_cuda = cuda_skip;
            else
                it.in_cuda = true;
        } else {
            it.compiled_cuda = "skipped: not requested";
        }

        if (!host) {
            it.compiled_cpu = cpu_skip;
            it.executed = o.execute ? cpu_skip : "skipped: not requested";
            return;
        }
        it.cpu = cpu_code(r);
        if (!it.cpu.present) {
            it.compiled_cpu = "skipped: the record has no CPU code";
            if (!o.execute) return;
            it.cpu = cpu_code_recompiled(r);
            it.cpu_recompiled = true;
            if (!it.cpu.error.empty()) {
                it.executed = "fail: " + it.cpu.error;
                return;
            }
        } else if (!it.cpu.error.empty()) {
            it.compiled_cpu = "fail: " + it.cpu.error;
            return;
        } else if (!o.cpu) {
            it.compiled_cpu = "skipped: not requested";
        }
        it.plan = plan_launch(r, it.cpu);
        it.in_cpu = true;
        if (o.execute && r.launch.tiled()) prepare_lane(it);
    }

    void prepare_lane(Item& it) {
        // The run vouches for the record only if the record's CPU code is what python_source compiles to.
        if (!it.cpu_recompiled) {
            std::string why = cpu_code_mismatch(*it.record, it.cpu);
            if (!why.empty()) {
                it.executed = "fail: " + why;
                return;
            }
        }
        it.lane = cpu_code_single_lane(*it.record);
        if (!it.lane.error.empty()) {
            it.executed = "fail: " + it.lane.error;
            return;
        }
        it.lane_plan = plan_launch(*it.record, it.lane);
        it.in_lane = true;
    }

    HostCompiler* lane_compiler() {
        std::call_once(lane_once, [&] {
            HostCompilerConfig c = hc;
            c.block_dim = 1;
            auto compiler = std::make_unique<HostCompiler>(c);
            if (compiler->prepare(lane_host_error)) lane_host = std::move(compiler);
        });
        return lane_host.get();
    }

    void compile_cuda(std::vector<Item>& items, const fs::path& dir, std::string& ptx) {
        std::vector<size_t> members;
        for (size_t i = 0; i < items.size(); ++i)
            if (items[i].in_cuda) members.push_back(i);
        if (members.empty()) return;
        const bool want_ptx = gpu_skip.empty();
        int attempt = 0;
        auto compile = [&](const std::vector<size_t>& m) {
            std::vector<BatchEntry> entries;
            for (size_t i : m) entries.push_back({i, items[i].record, &items[i].cuda, nullptr, {}, {}});
            BatchUnit unit = cuda_batch_unit(entries);
            std::string name = fmt::format("cuda-{}.cu", attempt++);
            if (o.keep_work) write_text(dir / name, unit.text);
            Attempt a = compile_cuda_unit(*nvrtc, cuda_config, unit.text, name,
                                          want_ptx ? (dir / (name + ".ptx")).string() : "");
            a.implicated = members_at_lines(a.implicated, unit, m);
            return a;
        };
        BisectResult res = compile_with_bisection(members, compile);
        for (size_t i : members) {
            Item& it = items[i];
            const std::string fail = res.failure_of(i);
            it.compiled_cuda = fail.empty() ? "pass" : "fail: NVRTC: " + fail;
            it.cuda_ok = fail.empty();
        }
        if (res.good.ok) ptx = res.good.artifact;
    }

    // Compiles `members` (their block_dim=1 code with `lane`) into one shared object.
    BisectResult compile_host(std::vector<Item>& items, const std::vector<size_t>& members, bool lane,
                              HostCompiler& compiler, const fs::path& dir) {
        int attempt = 0;
        auto entries_of = [&](const std::vector<size_t>& m) {
            std::vector<BatchEntry> entries;
            for (size_t i : m) {
                Item& it = items[i];
                BatchEntry e{i,  it.record, lane ? &it.lane : &it.cpu, lane ? &it.lane_plan : &it.plan,
                             {}, {}};
                // The CUDA entry names (and their glue) only for a run on a CUDA device.
                if (!lane && gpu_skip.empty() && it.in_cuda && !it.cuda.kernel.empty()) {
                    e.cuda_forward = renamed(i, it.cuda.kernel + "_cuda_kernel_forward");
                    if (it.cuda.has_backward)
                        e.cuda_backward = renamed(i, it.cuda.kernel + "_cuda_kernel_backward");
                }
                entries.push_back(std::move(e));
            }
            return entries;
        };
        auto compile = [&](const std::vector<size_t>& m) {
            BatchUnit unit = cpu_batch_unit(entries_of(m), compiler.prefix_header(), lane ? 1 : 256);
            std::string name = fmt::format("{}-{}.cpp", lane ? "lane" : "cpu", attempt++);
            fs::path src = dir / name;
            Attempt a;
            if (!write_text(src, unit.text)) {
                a.message = "cannot write " + src.string();
                return a;
            }
            a = compiler.compile_shared(src.string(), (dir / (name + ".so")).string());
            a.implicated = members_at_lines(a.implicated, unit, m);
            return a;
        };
        return compile_with_bisection(members, compile);
    }

    // Compiles the CPU unit; returns the members in the shared object's table order.
    std::vector<size_t> compile_cpu(std::vector<Item>& items, const fs::path& dir, std::string& so) {
        std::vector<size_t> members;
        for (size_t i = 0; i < items.size(); ++i)
            if (items[i].in_cpu) members.push_back(i);
        if (members.empty()) return {};
        BisectResult res = compile_host(items, members, false, *host, dir);
        std::vector<size_t> good;
        for (size_t i : members) {
            Item& it = items[i];
            std::string fail = res.failure_of(i);
            if (fail.empty()) {
                it.cpu_ok = true;
                good.push_back(i);
                if (!it.cpu_recompiled && o.cpu) it.compiled_cpu = "pass";
                continue;
            }
            fail = hc.cxx + ": " + fail;
            if (it.cpu_recompiled)
                it.executed = "fail: the CPU code recompiled from python_source does not compile: " + fail;
            else if (o.cpu)
                it.compiled_cpu = "fail: " + fail;
            else
                it.executed = "fail: " + fail;
        }
        if (res.good.ok) so = res.good.artifact;
        return good;
    }

    // Compiles the tile kernels' block_dim=1 unit; returns its members in table order.
    std::vector<size_t> compile_lanes(std::vector<Item>& items, const fs::path& dir, std::string& so) {
        std::vector<size_t> members;
        for (size_t i = 0; i < items.size(); ++i)
            if (items[i].in_lane) members.push_back(i);
        if (members.empty()) return {};
        HostCompiler* compiler = lane_compiler();
        if (!compiler) {
            for (size_t i : members) items[i].executed = "fail: block_dim=1 prefix: " + lane_host_error;
            return {};
        }
        BisectResult res = compile_host(items, members, true, *compiler, dir);
        std::vector<size_t> good;
        for (size_t i : members) {
            std::string fail = res.failure_of(i);
            if (fail.empty())
                good.push_back(i);
            else
                items[i].executed =
                    "fail: the CPU code for block_dim=1 does not compile: " + hc.cxx + ": " + fail;
        }
        if (res.good.ok) so = res.good.artifact;
        return good;
    }

    // `lane`: the table of tile kernels' block_dim=1 code, which runs on the CPU only.
    void execute(std::vector<Item>& items, const std::vector<size_t>& table, const std::string& so,
                 const std::string& ptx, bool lane = false) {
        if (table.empty() || so.empty()) return;
        RunnerOptions ro;
        ro.runner = runner;
        ro.so_path = so;
        ro.seed = o.seed;
        ro.fd_samples = o.grad_check ? o.fd_samples : 0;
        ro.timeout_per_record = o.timeout_per_record;
        ro.dump_dir = o.dump_dir;
        ro.gpu = gpu_skip.empty() && !ptx.empty();
        ro.ptx_path = ptx;
        ro.gpu_skip = !gpu_skip.empty() ? gpu_skip
                      : lane            ? "skipped: tile kernels run on the CPU only (block_dim=1)"
                                        : "skipped: the batch's CUDA code did not compile";
        std::vector<RunnerResult> results = run_records(ro, table.size());
        for (size_t j = 0; j < table.size(); ++j) {
            Item& it = items[table[j]];
            // A tile kernel's verdicts come from its block_dim=1 run (or why there is none).
            if (!lane && it.record->launch.tiled()) continue;
            const RecordCode& code = lane ? it.lane : it.cpu;
            it.executed = results[j].executed;
            it.grad = results[j].grad_check;
            it.gpu = results[j].gpu;
            it.depends = results[j].depends_on_inputs;
            if (it.plan.inferred && it.executed.rfind("fail", 0) == 0)
                it.executed += " (launch shapes inferred)";
            if (it.grad.rfind("fail: adjoint differs", 0) == 0 ||
                it.grad.rfind("fail: non-finite adjoint", 0) == 0) {
                auto constructs = warp_nondifferentiable_constructs(code.text);
                if (!constructs.empty())
                    it.grad = "skipped: " + constructs.front() +
                              " is not differentiable in Warp: " + it.grad.substr(6);
            } else if (it.grad.rfind("fail: crashed", 0) == 0) {
                // Warp's backward pass replays atomics: an index handed out by
                // `wp.atomic_add(counter, ...)` in the forward pass comes back past
                // the end of the array in the replay, so the reverse pass writes
                // out of bounds (as it does in Warp). Any other crash stays a failure.
                const std::string atomic_value = "value returned by an atomic operation";
                for (const std::string& c : warp_nondifferentiable_constructs(code.text))
                    if (c == atomic_value)
                        it.grad = "skipped: " + c + " is not differentiable in Warp: " + it.grad.substr(6);
            }
            it.grad = grad_verdict_with_missing_adjoints(it.grad, code.text);
            if (ro.gpu && !it.cuda_ok && it.gpu.rfind("skipped", 0) != 0)
                it.gpu =
                    it.in_cuda ? "skipped: the record's CUDA code did not compile" : "skipped: no CUDA code";
        }
    }

    VerifyTotals run_batch(std::vector<dataset::Record>& records, size_t begin, size_t end) {
        const size_t id = batch_counter++;
        fs::path dir = fs::path(work_dir) / fmt::format("batch-{:05}", id);
        std::error_code ec;
        fs::create_directories(dir, ec);

        std::vector<Item> items(end - begin);
        for (size_t i = begin; i < end; ++i) {
            items[i - begin].record = &records[i];
            prepare(items[i - begin]);
        }

        // NVRTC in a task that an idle thread of the arena takes while this one waits for the
        // host compiler (a child process).
        std::string ptx, so;
        tbb::task_group cuda;
        cuda.run([&] { compile_cuda(items, dir, ptx); });
        std::vector<size_t> table;
        try {
            table = compile_cpu(items, dir, so);
        } catch (...) {
            cuda.wait();
            throw;
        }
        cuda.wait();
        std::string lane_so;
        std::vector<size_t> lane_table =
            o.execute ? compile_lanes(items, dir, lane_so) : std::vector<size_t>{};
        if (o.execute) {
            execute(items, table, so, ptx);
            execute(items, lane_table, lane_so, "", true);
        }

        VerifyTotals t;
        for (Item& it : items) {
            if (it.executed.empty())
                it.executed = !o.execute ? "skipped: not requested"
                                         : (it.in_cpu && !it.cpu_ok ? "skipped: the CPU code did not compile"
                                                                    : "skipped: not executed");
            if (it.grad.empty() || !o.grad_check)
                it.grad = !o.grad_check ? "skipped: not requested" : "skipped: not executed";
            if (it.gpu.empty()) it.gpu = gpu_skip.empty() ? "skipped: not executed" : gpu_skip;
            if (it.depends.empty())
                it.depends = !o.execute ? "skipped: not requested" : "skipped: not executed";
            // Records carry four verdicts: a device that disagrees with the CPU fails `executed`.
            if (it.executed == "pass" && it.gpu.rfind("fail: ", 0) == 0)
                it.executed = "fail: on the CUDA device: " + it.gpu.substr(6);
            if (it.compiled_cpu.empty()) it.compiled_cpu = "skipped: not requested";
            dataset::Verdicts& v = it.record->verification;
            v.compiled_cuda = it.compiled_cuda;
            v.compiled_cpu = it.compiled_cpu;
            v.executed = it.executed;
            v.grad_check = it.grad;
            v.depends_on_inputs = it.depends;
            t.add(v);
            t.gpu.add(it.gpu);
        }
        if (!o.keep_work) fs::remove_all(dir, ec);
        return t;
    }
};

Verifier::Verifier(VerifyOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Verifier::~Verifier() = default;

const Environment& Verifier::environment() const {
    return impl_->env;
}

const VerifyOptions& Verifier::options() const {
    return impl_->o;
}

void Verifier::set_progress(std::function<void(size_t, size_t)> progress) {
    impl_->progress = std::move(progress);
}

VerifyTotals Verifier::cumulative() const {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    return impl_->cumulative;
}

VerifyTotals Verifier::verify(std::vector<dataset::Record>& records) {
    const size_t batch = std::max<size_t>(1, impl_->o.batch_size);
    size_t next = 0, back = 0;
    return verify_stream(
        [&](std::vector<dataset::Record>& b) {
            for (const size_t end = std::min(records.size(), next + batch); next < end; ++next)
                b.push_back(std::move(records[next]));
            return !b.empty();
        },
        [&](std::vector<dataset::Record>& b) {
            for (dataset::Record& r : b) records[back++] = std::move(r);
        },
        records.size());
}

VerifyTotals Verifier::verify_stream(const BatchSource& source, const BatchSink& sink, size_t total) {
    auto start = std::chrono::steady_clock::now();
    Impl& m = *impl_;
    const unsigned jobs = m.o.jobs ? m.o.jobs : std::max(1u, std::thread::hardware_concurrency());
    using Batch = std::shared_ptr<std::vector<dataset::Record>>;

    VerifyTotals totals;
    std::mutex mutex;
    size_t done = 0;
    // `jobs` batches in flight, and as many threads again for their NVRTC tasks (see
    // run_batch), as the hand-written pool had. An exception cancels the pipeline and is rethrown.
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, 2 * jobs);
    tbb::task_arena arena(int(2 * jobs));
    arena.execute([&] {
        tbb::parallel_pipeline(
            jobs,
            tbb::make_filter<void, Batch>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) {
                auto b = std::make_shared<std::vector<dataset::Record>>();
                if (!source(*b)) fc.stop();
                return b;
            }) & tbb::make_filter<Batch, Batch>(tbb::filter_mode::parallel, [&](Batch b) {
                VerifyTotals t = m.run_batch(*b, 0, b->size());
                std::lock_guard<std::mutex> lock(mutex);
                totals.merge(t);
                done += b->size();
                if (m.progress) m.progress(done, total);
                return b;
            }) & tbb::make_filter<Batch, void>(tbb::filter_mode::serial_in_order, [&](Batch b) {
                sink(*b);
            }));
    });

    totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::lock_guard<std::mutex> lock(m.mutex);
    m.cumulative.merge(totals);
    return totals;
}

VerifyTotals verify_records(std::vector<dataset::Record>& records, const VerifyOptions& options) {
    Verifier v(options);
    return v.verify(records);
}

} // namespace ws::verify
