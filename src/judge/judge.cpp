#include "judge/judge.h"

#include "judge/pair.h"
#include "judge/references.h"
#include "syntax/large_stack.h"
#include "verify/batch_unit.h"
#include "verify/bisect.h"
#include "verify/host_compiler.h"
#include "verify/runner_client.h"
#include "verify/warp_headers.h"
#include "verify/work_dir.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <thread>

namespace ws::judge {

namespace fs = std::filesystem;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

struct Judge::Impl {
    JudgeOptions o;
    std::unique_ptr<verify::HostCompiler> host;
    std::string runner;
    std::string work_dir;
    bool own_work_dir = false;
    size_t batch_counter = 0;
    std::mutex mutex;
    JudgeTimes times;

    void add_time(double JudgeTimes::*field, std::chrono::steady_clock::time_point start) {
        const double s = seconds_since(start);
        std::lock_guard<std::mutex> lock(mutex);
        times.*field += s;
    }

    explicit Impl(JudgeOptions options) : o(std::move(options)) {
        verify::WarpHeaders headers = verify::locate_warp_headers(o.warp_include);
        work_dir = o.work_dir.empty() ? verify::make_temp_dir("judge") : o.work_dir;
        own_work_dir = o.work_dir.empty();
        std::error_code ec;
        fs::create_directories(work_dir, ec);
        verify::HostCompilerConfig hc;
        hc.cxx = o.cxx;
        hc.native_dir = headers.native_dir;
        hc.cache_dir = o.cache_dir.empty() ? verify::default_cache_dir() : o.cache_dir;
        if (hc.cache_dir.empty()) hc.cache_dir = work_dir + "/cache";
        host = std::make_unique<verify::HostCompiler>(hc);
        std::string error;
        if (!host->prepare(error)) throw std::runtime_error(error);
        runner = verify::find_runner(o.runner);
        if (runner.empty())
            throw std::runtime_error(
                "cannot find warpsynth-verify-runner (it is built next to warpsynth; set "
                "WS_VERIFY_RUNNER to its path)");
    }

    ~Impl() {
        if (own_work_dir && !o.keep_work) {
            std::error_code ec;
            fs::remove_all(work_dir, ec);
        }
    }

    // The table of one unit for the pairs `members`: each record's own kernel once (a record may
    // have many candidates), each candidate after it, and per member its (reference, candidate)
    // table indices. Slots come from the pair positions, so they do not change under bisection.
    struct UnitLayout {
        std::vector<verify::BatchEntry> entries;
        std::vector<size_t> owner; // the member each entry belongs to (compiler errors -> pairs)
        std::vector<std::pair<size_t, size_t>> pairs;
    };
    static UnitLayout layout(std::vector<Pair>& pairs, const std::vector<size_t>& members) {
        UnitLayout u;
        std::map<std::string, size_t> reference_at;
        for (size_t i : members) {
            Pair& p = pairs[i];
            auto [at, added] = reference_at.emplace(p.reference->id, u.entries.size());
            if (added) {
                u.entries.push_back({2 * i, p.reference, &p.reference_code, &p.plan, {}, {}});
                u.owner.push_back(i);
            }
            u.entries.push_back({2 * i + 1, &p.candidate_record, &p.candidate_code, &p.plan, {}, {}});
            u.owner.push_back(i);
            u.pairs.emplace_back(at->second, u.entries.size() - 1);
        }
        return u;
    }

    // Compiles the pairs `members` into one shared object (bisecting away the ones the host
    // compiler rejects, whose verdicts say so), runs it, and fills their verdicts.
    void run_batch(std::vector<Pair>& pairs, std::vector<Verdict>& verdicts,
                   const std::vector<size_t>& members, size_t batch) {
        const fs::path dir = fs::path(work_dir) / fmt::format("batch-{:05}", batch);
        std::error_code ec;
        fs::create_directories(dir, ec);
        int attempt = 0;
        auto start = std::chrono::steady_clock::now();
        auto compile = [&](const std::vector<size_t>& m) {
            const UnitLayout u = layout(pairs, m);
            verify::BatchUnit unit = verify::cpu_batch_unit(u.entries, host->prefix_header());
            const fs::path src = dir / fmt::format("judge-{}.cpp", attempt++);
            verify::Attempt a;
            std::ofstream(src, std::ios::binary) << unit.text;
            a = host->compile_shared(src.string(), src.string() + ".so");
            a.implicated = verify::members_at_lines(a.implicated, unit, u.owner);
            return a;
        };
        verify::BisectResult res = verify::compile_with_bisection(members, compile);
        add_time(&JudgeTimes::compile, start);
        std::vector<size_t> table;
        for (size_t i : members) {
            const std::string fail = res.failure_of(i);
            if (fail.empty()) {
                table.push_back(i);
                continue;
            }
            verdicts[i].compiles = false;
            verdicts[i].signature_matches.reset();
            verdicts[i].compile_error = o.cxx + ": " + fail;
        }
        if (!table.empty() && res.good.ok) {
            verify::RunnerOptions ro;
            ro.runner = runner;
            ro.so_path = res.good.artifact;
            ro.seed = o.seed;
            ro.fd_samples = 0;
            ro.timeout_per_record = o.timeout;
            ro.judge_draws = std::max(1, o.draws);
            ro.judge_pairs = layout(pairs, table).pairs; // the table of the good compilation
            start = std::chrono::steady_clock::now();
            std::vector<verify::RunnerResult> results = verify::run_records(ro, table.size());
            add_time(&JudgeTimes::run, start);
            for (size_t j = 0; j < table.size(); ++j) {
                const verify::RunnerResult& r = results[j];
                apply_run(verdicts[table[j]], r.executed, r.gpu, r.depends_on_inputs, r.grad_check,
                          pairs[table[j]].no_gradient_reason);
            }
        }
        if (!o.keep_work) fs::remove_all(dir, ec);
    }
};

Judge::Judge(JudgeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Judge::~Judge() = default;

std::vector<Verdict> Judge::judge(const std::vector<Candidate>& candidates) {
    Impl& m = *impl_;
    const auto start = std::chrono::steady_clock::now();
    std::set<std::string> ids;
    for (const Candidate& c : candidates) ids.insert(c.id);
    const std::map<std::string, dataset::Record> references = load_records_by_id(m.o.dataset, ids);

    const unsigned jobs = m.o.jobs ? m.o.jobs : std::max(1u, std::thread::hardware_concurrency());
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::global_control stack(tbb::global_control::thread_stack_size, kWorkerStackBytes); // workers compile

    std::vector<Pair> pairs(candidates.size());
    std::vector<Verdict> verdicts(candidates.size());
    tbb::parallel_for(size_t(0), candidates.size(), [&](size_t i) {
        auto r = references.find(candidates[i].id);
        prepare_pair(pairs[i], verdicts[i], candidates[i], r == references.end() ? nullptr : &r->second);
    });

    m.add_time(&JudgeTimes::prepare, start);

    // Batches of ready pairs in input order: the same candidates make the same units whatever `jobs` is.
    std::vector<std::vector<size_t>> batches;
    for (size_t i = 0; i < pairs.size(); ++i) {
        if (!pairs[i].ready) continue;
        if (batches.empty() || batches.back().size() >= std::max<size_t>(1, m.o.batch_size))
            batches.emplace_back();
        batches.back().push_back(i);
    }
    const size_t first_batch = m.batch_counter;
    m.batch_counter += batches.size();
    tbb::parallel_for(size_t(0), batches.size(), size_t(1),
                      [&](size_t b) { m.run_batch(pairs, verdicts, batches[b], first_batch + b); });
    return verdicts;
}

JudgeTimes Judge::times() const {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    return impl_->times;
}

} // namespace ws::judge
