// End-to-end verification of small record batches: good records pass, and
// planted faults are caught and reported against the right record id while
// their neighbours in the same batch still pass:
//   - CUDA text altered so that it does not compile (NVRTC, bisection);
//   - CPU text altered so that it does not compile (host compiler, bisection);
//   - a kernel with an out-of-bounds write (Warp's debug bounds checks);
//   - a backward pass with a wrong adjoint (a flipped sign);
//   - a kernel that crashes and one that hangs (the runner is restarted), and one that
//     crashes only on the inputs drawn anew for the input-dependence check;
//   - outputs that ignore the inputs (a constant, a function of the thread
//     index, an input read only in a branch never taken on the drawn range)
//     next to legitimate cases (a count of rare values, conditional writes);
//   - nan and inf outputs, named and counted.
//
// Warp's native headers come from the Python on PATH (CMake puts WS_PYTHON's
// folder first); the test fails, never skips, when they cannot be found.
#include "dataset/verification_figures.h"
#include "verify/cuda_driver.h"
#include "verify/source_records.h"
#include "verify/verify.h"

#include <cctype>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace ws::verify {
namespace {

const char* kModule = R"(import warp as wp


@wp.func
def smooth(x: float, y: float):
    return x * y + wp.sin(x)


@wp.kernel
def good_scalar(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = smooth(a[i], b[i])


@wp.kernel
def good_vector(p: wp.array(dtype=wp.vec3), s: float, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.cross(p[i], wp.vec3(s, 1.0, 2.0)) * wp.length(p[i])


@wp.kernel
def good_float64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = x[i]
    y[i] = v * v * v - wp.float64(2.0) * wp.exp(v)


@wp.kernel
def good_2d(m: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    wp.atomic_add(out, i, m[i, j] * m[i, j])


@wp.kernel
def oob_write(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i + 1] = a[i]
)";

// Inputs are drawn from [-1, 1]; outputs start at zero (the range of one value, 0).
synth::ArgSpec array(const std::string& name, std::vector<int64_t> shape, bool output) {
    return {name, "", std::move(shape), output ? 0.0 : -1.0, output ? 0.0 : 1.0, output};
}

// The module's records, with explicit launches (16 threads, 16-element arrays).
std::map<std::string, dataset::Record> module_records() {
    std::map<std::string, dataset::Record> out;
    for (dataset::Record& r : records_from_python("planted.py", kModule)) {
        r.launch.dim = {16};
        if (r.kernel_name == "good_scalar")
            r.launch.args = {array("a", {16}, false), array("b", {16}, false), array("out", {16}, true)};
        else if (r.kernel_name == "good_vector")
            r.launch.args = {
                array("p", {16}, false), {"s", "float", {}, 0.5, 2.0, false}, array("out", {16}, true)};
        else if (r.kernel_name == "good_float64")
            r.launch.args = {array("x", {16}, false), array("y", {16}, true)};
        else if (r.kernel_name == "good_2d") {
            r.launch.dim = {4, 5};
            r.launch.args = {array("m", {4, 5}, false), array("out", {4}, true)};
        } else if (r.kernel_name == "oob_write")
            r.launch.args = {array("a", {16}, false), array("out", {16}, true)};
        out[r.kernel_name] = r;
    }
    return out;
}

// The parameter names of `kernel` in `python`.
std::set<std::string> python_params(const std::string& python, const std::string& kernel) {
    std::set<std::string> out;
    size_t p = python.find("def " + kernel + "(");
    size_t end = python.find("):", p);
    std::string params = python.substr(p, end - p);
    for (size_t colon = params.find(':'); colon != std::string::npos; colon = params.find(':', colon + 1)) {
        size_t start = params.find_last_of("(, ", colon - 1);
        std::string name = params.substr(start + 1, colon - start - 1);
        if (!name.empty() && std::isalpha(static_cast<unsigned char>(name[0]))) out.insert(name);
    }
    return out;
}

// Inserts `statement` at the top of the body of the function whose
// signature starts with `signature_start` in `text`.
std::string insert_in_body(const std::string& text, const std::string& signature_start,
                           const std::string& statement) {
    size_t p = text.find(signature_start);
    EXPECT_NE(p, std::string::npos) << signature_start;
    size_t brace = text.find("\n{\n", p);
    EXPECT_NE(brace, std::string::npos);
    return text.substr(0, brace + 3) + "    " + statement + "\n" + text.substr(brace + 3);
}

class Pipeline : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        VerifyOptions o;
        o.jobs = 2;
        o.batch_size = 8;
        o.timeout_per_record = 3;
        o.gpu = false; // the GPU has its own test
        verifier_ = std::make_unique<Verifier>(o);
    }
    static void TearDownTestSuite() { verifier_.reset(); }

    // Verifies `records` and returns them by id.
    static std::map<std::string, dataset::Verdicts> run(std::vector<dataset::Record> records) {
        verifier_->verify(records);
        std::map<std::string, dataset::Verdicts> out;
        for (const dataset::Record& r : records) out[r.id] = r.verification;
        return out;
    }

    static std::vector<dataset::Record> good_batch() {
        std::vector<dataset::Record> v;
        for (auto& [name, r] : module_records())
            if (name != "oob_write") v.push_back(r);
        return v;
    }

    static void expect_all_pass(const std::map<std::string, dataset::Verdicts>& got,
                                const std::string& except) {
        for (const auto& [id, v] : got) {
            if (id == except) continue;
            EXPECT_EQ(v.compiled_cuda, "pass") << id;
            EXPECT_EQ(v.compiled_cpu, "pass") << id;
            EXPECT_EQ(v.executed, "pass") << id;
            EXPECT_EQ(v.grad_check, "pass") << id;
            EXPECT_EQ(v.depends_on_inputs, "pass") << id;
        }
    }

    static std::unique_ptr<Verifier> verifier_;
};

std::unique_ptr<Verifier> Pipeline::verifier_;

TEST_F(Pipeline, GoodRecordsPassEveryCheck) {
    auto got = run(good_batch());
    ASSERT_EQ(got.size(), 4u);
    expect_all_pass(got, "");
}

// bfloat16 values are run (the runner fills bfloat16 arrays and values), but
// rounding to 8 significant bits defeats finite differences: the gradient
// check is skipped with that reason, never failed.
TEST_F(Pipeline, Bfloat16RunsAndSkipsTheGradientCheck) {
    const char* module = R"(import warp as wp


@wp.kernel
def bf16_scale(x: wp.array(dtype=wp.bfloat16), s: wp.bfloat16, f: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.float32(x[i] * s + wp.bfloat16(f[i]) * wp.bfloat16(f[i]))
)";
    std::vector<dataset::Record> batch = records_from_python("bf16.py", module);
    ASSERT_EQ(batch.size(), 1u);
    batch[0].launch.dim = {16};
    batch[0].launch.args = {array("x", {16}, false),
                            {"s", "bfloat16", {}, 0.5, 2.0, false},
                            array("f", {16}, false),
                            array("out", {16}, true)};
    auto got = run(batch);
    const auto& v = got.at(batch[0].id);
    EXPECT_EQ(v.compiled_cuda, "pass");
    EXPECT_EQ(v.compiled_cpu, "pass");
    EXPECT_EQ(v.executed, "pass");
    EXPECT_EQ(v.grad_check, "skipped: bfloat16 arithmetic is too coarse for finite differences");
    EXPECT_EQ(v.depends_on_inputs, "pass");
}

TEST_F(Pipeline, CudaTextThatDoesNotCompileIsNamed) {
    auto batch = good_batch();
    dataset::Record bad = module_records()["good_scalar"];
    bad.id = "planted-cuda-syntax";
    bad.cuda_forward =
        insert_in_body(bad.cuda_forward, "extern \"C\" __global__ void good_scalar_cuda_kernel_forward(",
                       "wp::float32 planted = undefined_planted_name;");
    batch.insert(batch.begin() + 2, bad);
    auto got = run(batch);
    const auto& v = got.at("planted-cuda-syntax");
    EXPECT_EQ(v.compiled_cuda.rfind("fail: NVRTC: ", 0), 0u) << v.compiled_cuda;
    EXPECT_NE(v.compiled_cuda.find("undefined_planted_name"), std::string::npos) << v.compiled_cuda;
    EXPECT_EQ(v.compiled_cpu, "pass"); // the CPU text is intact
    expect_all_pass(got, "planted-cuda-syntax");
}

TEST_F(Pipeline, CpuTextThatDoesNotCompileIsNamed) {
    auto batch = good_batch();
    dataset::Record bad = module_records()["good_vector"];
    bad.id = "planted-cpu-syntax";
    bad.cpu_backward = insert_in_body(bad.cpu_backward, "static void good_vector_cpu_kernel_backward(",
                                      "wp::vec_t<3, wp::float32> planted = 1 +;");
    batch.push_back(bad);
    auto got = run(batch);
    const auto& v = got.at("planted-cpu-syntax");
    // The host compiler is named: clang++-19 where installed, else g++ (--cxx auto).
    EXPECT_TRUE(v.compiled_cpu.rfind("fail: g++: ", 0) == 0 ||
                v.compiled_cpu.rfind("fail: clang++-19: ", 0) == 0)
        << v.compiled_cpu;
    EXPECT_EQ(v.compiled_cuda, "pass");
    EXPECT_EQ(v.executed, "skipped: the CPU code did not compile");
    expect_all_pass(got, "planted-cpu-syntax");
}

TEST_F(Pipeline, OutOfBoundsWriteIsCaught) {
    auto batch = good_batch();
    dataset::Record oob = module_records()["oob_write"];
    oob.id = "planted-out-of-bounds";
    batch.insert(batch.begin() + 1, oob);
    auto got = run(batch);
    const auto& v = got.at("planted-out-of-bounds");
    EXPECT_EQ(v.compiled_cuda, "pass");
    EXPECT_EQ(v.compiled_cpu, "pass");
    EXPECT_EQ(v.executed.rfind("fail: out-of-bounds array access: ", 0), 0u) << v.executed;
    expect_all_pass(got, "planted-out-of-bounds"); // the runner went on after it
}

TEST_F(Pipeline, WrongAdjointIsCaught) {
    auto batch = good_batch();
    dataset::Record bad = module_records()["good_scalar"];
    bad.id = "planted-wrong-adjoint";
    // adj_smooth: the adjoint of `x * y + sin(x)` accumulates both terms with
    // adj_add; adj_sub flips the sign of the sin(x) term's adjoint.
    const std::string call = "wp::adj_add(var_0, var_1, adj_0, adj_1, adj_2);";
    size_t p = bad.cpu_functions.find(call);
    ASSERT_NE(p, std::string::npos) << bad.cpu_functions;
    bad.cpu_functions.replace(p, call.size(), "wp::adj_sub(var_0, var_1, adj_0, adj_1, adj_2);");
    batch.push_back(bad);
    auto got = run(batch);
    const auto& v = got.at("planted-wrong-adjoint");
    EXPECT_EQ(v.compiled_cpu, "pass");
    EXPECT_EQ(v.executed, "pass"); // the forward pass is untouched
    EXPECT_EQ(v.grad_check.rfind("fail: adjoint differs from finite differences: ", 0), 0u) << v.grad_check;
    expect_all_pass(got, "planted-wrong-adjoint");
}

// Tile kernels (wp.launch_tiled) run as Warp's CPU path runs them by default: the module built
// with block_dim=1, one lane per block. The forward pass and its adjoint are checked like any
// kernel's; a row maximum has no adjoint in Warp, which the gradient verdict says; a record whose
// CPU code is not what its python_source compiles to fails instead of being vouched for by the run.
TEST_F(Pipeline, TileKernelsRunWithOneLanePerBlock) {
    const char* module = R"(import warp as wp

ROWS = 4
COLS = 32


@wp.kernel
def tile_scale_rows(x: wp.array2d(dtype=float), w: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=(ROWS, COLS), offset=(i * ROWS, 0))
    g = wp.tile_broadcast(wp.tile_load(w, shape=COLS), shape=(ROWS, COLS))
    wp.tile_store(out, wp.tile_map(wp.sin, t) * g, offset=(i * ROWS, 0))


@wp.kernel
def tile_row_gemm(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    i, j = wp.tid()
    ta = wp.tile_load(a, shape=(ROWS, COLS), offset=(i * ROWS, 0))
    tb = wp.tile_load(b, shape=(COLS, ROWS), offset=(0, j * ROWS))
    wp.tile_store(c, wp.tile_matmul(ta, tb), offset=(i * ROWS, j * ROWS))


@wp.kernel
def tile_row_max(x: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=(ROWS, COLS), offset=(i * ROWS, 0))
    wp.tile_store(out, wp.tile_reduce(wp.max, t, axis=1), offset=i * ROWS)
)";
    std::map<std::string, dataset::Record> by_name;
    for (dataset::Record& r : records_from_python("tiles.py", module)) {
        r.launch.block_dim = 64;
        r.launch.dim = {3};
        if (r.kernel_name == "tile_scale_rows")
            r.launch.args = {array("x", {12, 32}, false), array("w", {32}, false),
                             array("out", {12, 32}, true)};
        if (r.kernel_name == "tile_row_gemm") {
            r.launch.dim = {3, 2};
            r.launch.args = {array("a", {12, 32}, false), array("b", {32, 8}, false),
                             array("c", {12, 8}, true)};
        }
        if (r.kernel_name == "tile_row_max")
            r.launch.args = {array("x", {12, 32}, false), array("out", {12}, true)};
        by_name[r.kernel_name] = r;
    }
    ASSERT_EQ(by_name.size(), 3u);
    dataset::Record bad = by_name["tile_scale_rows"];
    bad.id = "planted-tile-body";
    const std::string call = "wp::tile_mul_elementwise(";
    size_t p = bad.cpu_forward.find(call);
    ASSERT_NE(p, std::string::npos) << bad.cpu_forward;
    bad.cpu_forward.replace(p, call.size(), "wp::tile_add(");
    std::vector<dataset::Record> batch;
    for (auto& [name, r] : by_name) batch.push_back(r);
    batch.push_back(bad);
    auto got = run(batch);
    for (const char* name : {"tile_scale_rows", "tile_row_gemm"}) {
        const auto& v = got.at(by_name[name].id);
        EXPECT_EQ(v.compiled_cpu, "pass") << name;
        EXPECT_EQ(v.executed, "pass") << name;
        EXPECT_EQ(v.grad_check, "pass") << name;
        EXPECT_EQ(v.depends_on_inputs, "pass") << name;
    }
    const auto& mx = got.at(by_name["tile_row_max"].id);
    EXPECT_EQ(mx.executed, "pass");
    EXPECT_EQ(mx.grad_check.rfind("skipped: Warp has no adjoint for tile_reduce_axis", 0), 0u)
        << mx.grad_check;
    const auto& b = got.at("planted-tile-body");
    EXPECT_EQ(b.compiled_cpu, "pass"); // still valid C++
    EXPECT_EQ(b.executed.rfind("fail: the record's CPU code is not what python_source compiles to", 0), 0u)
        << b.executed;
}

TEST_F(Pipeline, CrashAndHangFailOnlyTheirRecords) {
    auto batch = good_batch();
    dataset::Record crash = module_records()["good_scalar"];
    crash.id = "planted-crash";
    crash.cpu_forward = insert_in_body(crash.cpu_forward, "static void good_scalar_cpu_kernel_forward(",
                                       "if (task_index == 3) *(volatile int*)8 = 1;");
    dataset::Record hang = module_records()["good_vector"];
    hang.id = "planted-hang";
    hang.cpu_forward = insert_in_body(hang.cpu_forward, "static void good_vector_cpu_kernel_forward(",
                                      "for (volatile int spin = 0;; spin = spin + 1) {}");
    batch.insert(batch.begin(), crash);
    batch.insert(batch.begin() + 3, hang);
    auto got = run(batch);
    EXPECT_EQ(got.at("planted-crash").executed.rfind("fail: crashed: SIGSEGV", 0), 0u)
        << got.at("planted-crash").executed;
    EXPECT_EQ(got.at("planted-hang").executed.rfind("fail: timed out", 0), 0u)
        << got.at("planted-hang").executed;
    std::map<std::string, dataset::Verdicts> rest;
    for (const auto& [id, v] : got)
        if (id != "planted-crash" && id != "planted-hang") rest[id] = v;
    expect_all_pass(rest, "");
}

TEST_F(Pipeline, CrashOnRedrawnInputsIsNamed) {
    // The third forward launch is the first on inputs drawn anew (the first two check that the
    // forward pass is deterministic): a crash there fails `executed` and says where it happened.
    auto batch = good_batch();
    dataset::Record crash = module_records()["good_scalar"];
    crash.id = "planted-crash-on-redraw";
    crash.cpu_forward = insert_in_body(crash.cpu_forward, "static void good_scalar_cpu_kernel_forward(",
                                       "static int launches = 0; if (task_index == 0) ++launches; "
                                       "if (launches == 3) *(volatile int*)8 = 1;");
    batch.insert(batch.begin() + 1, crash);
    auto got = run(batch);
    const dataset::Verdicts& v = got.at("planted-crash-on-redraw");
    const std::string where = " (on inputs drawn anew for the input-dependence check)";
    EXPECT_EQ(v.executed.rfind("fail: crashed: SIGSEGV", 0), 0u) << v.executed;
    EXPECT_TRUE(v.executed.size() > where.size() &&
                v.executed.compare(v.executed.size() - where.size(), where.size(), where) == 0)
        << v.executed;
    EXPECT_EQ(v.depends_on_inputs, "skipped: not executed cleanly");
    got.erase("planted-crash-on-redraw");
    expect_all_pass(got, "");
}

TEST_F(Pipeline, TotalsCountVerdictsAndDevice) {
    std::vector<dataset::Record> batch = good_batch();
    VerifyTotals t = verifier_->verify(batch);
    EXPECT_EQ(t.records, batch.size());
    EXPECT_EQ(t.verified, batch.size());
    EXPECT_EQ(t.executed.pass, batch.size());
    EXPECT_EQ(t.gpu.skipped, batch.size()); // this fixture never runs the GPU step
    EXPECT_GT(t.seconds, 0.0);
}

// Kernels for the input-dependence check and non-finite outputs. Every array has 16 elements,
// floats drawn from [-1, 1]; the arrays named in kOutputs are outputs.
const char* kDependenceModule = R"(import warp as wp


@wp.kernel
def constant(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = 1.0


@wp.kernel
def index_only(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = float(i) * 2.0


@wp.kernel
def no_inputs(out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = float(i) + 0.5


@wp.kernel
def dead_branch(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    v = 0.5
    if a[i] > 10.0:
        v = a[i]
    out[i] = v


@wp.kernel
def one_constant_output(a: wp.array(dtype=float), out: wp.array(dtype=float), flags: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = a[i] * a[i]
    flags[i] = 1


@wp.kernel
def slot_counter(a: wp.array(dtype=float), counter: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    slot = wp.atomic_add(counter, 0, 1)
    out[slot] = a[i]


@wp.kernel
def correct(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    v = a[i] * 2.0
    if b[i] > 10.0:
        v = v + b[i]
    out[i] = v


@wp.kernel
def rare_count(a: wp.array(dtype=float), count: wp.array(dtype=int)):
    i = wp.tid()
    if a[i] > 0.75 and a[(i + 1) % 16] > 0.75 and a[(i + 2) % 16] > 0.75:
        wp.atomic_add(count, 0, 1)


@wp.kernel
def cross_count(a: wp.array(dtype=float), s: float, count: wp.array(dtype=int)):
    i = wp.tid()
    if s > 1.85 and a[i] < -0.9:
        wp.atomic_add(count, 0, 1)


@wp.kernel
def conditional_write(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    if a[i] > 0.5:
        out[i] = a[i]


@wp.kernel
def in_place(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s


@wp.kernel
def writes_nan(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.sqrt(a[i] - 2.0)


@wp.kernel
def writes_inf(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.exp(a[i] * 1000.0)
)";

std::vector<dataset::Record> dependence_records() {
    const std::set<std::string> outputs = {"out", "flags", "counter", "count"};
    std::vector<dataset::Record> out = records_from_python("dependence.py", kDependenceModule);
    for (dataset::Record& r : out) {
        r.launch.dim = {16};
        r.launch.args.clear();
        for (std::string name : {"a", "b", "s", "counter", "count", "out", "flags"})
            if (r.python_source.find("def " + r.kernel_name + "(") != std::string::npos &&
                python_params(r.python_source, r.kernel_name).count(name)) {
                if (name == "s")
                    r.launch.args.push_back({name, "float", {}, 0.5, 2.0, false});
                else if (r.kernel_name == "in_place" &&
                         name == "a") // an output with a range: updated in place
                    r.launch.args.push_back({name, "", {16}, -1.0, 1.0, true});
                else
                    r.launch.args.push_back(array(name, {name == "counter" || name == "count" ? 1 : 16},
                                                  outputs.count(name) > 0));
            }
    }
    return out;
}

TEST_F(Pipeline, OutputsThatIgnoreTheInputsAreNamed) {
    std::map<std::string, dataset::Verdicts> got = run(dependence_records());
    auto depends = [&](const std::string& kernel) {
        return got.at("dependence:" + kernel).depends_on_inputs;
    };
    auto executed = [&](const std::string& kernel) { return got.at("dependence:" + kernel).executed; };
    const std::string ignore = "fail: outputs ignore the inputs: ";
    EXPECT_EQ(depends("constant")
                  .rfind(ignore + "out (bit-identical in 9 runs on different inputs; out[0] = 1)", 0),
              0u)
        << depends("constant");
    EXPECT_EQ(depends("index_only").rfind(ignore + "out (", 0), 0u) << depends("index_only");
    EXPECT_EQ(depends("no_inputs"), ignore + "out (the kernel has no input that can vary; out[0] = 0.5)");
    EXPECT_EQ(depends("dead_branch").rfind(ignore + "out (", 0), 0u) << depends("dead_branch");
    EXPECT_EQ(depends("one_constant_output").rfind(ignore + "flags (", 0), 0u)
        << depends("one_constant_output");
    // An unconditional slot counter always ends at the thread count: strictly, an output that
    // ignores the inputs (the check is per output array, any one fails the record).
    EXPECT_EQ(depends("slot_counter").rfind(ignore + "counter (", 0), 0u) << depends("slot_counter");
    for (const char* k : {"constant", "index_only", "no_inputs", "dead_branch", "one_constant_output"}) {
        EXPECT_EQ(executed(k), "pass") << k;
        EXPECT_FALSE(is_verified(got.at(std::string("dependence:") + k))) << k;
    }
    // Legitimate: b is read only in a branch never taken, but out depends on a; counts of rare
    // events that uniform draws almost never move: three neighbours in the top eighth of the
    // range (the high draw moves it), a high scalar and a low element together (the mixed
    // draws); writes under a condition; an array updated in place.
    for (const char* k : {"correct", "rare_count", "cross_count", "conditional_write", "in_place"}) {
        EXPECT_EQ(depends(k), "pass") << k;
        EXPECT_EQ(executed(k), "pass") << k;
    }
    EXPECT_TRUE(is_verified(got.at("dependence:correct")));
}

TEST_F(Pipeline, NonFiniteOutputsAreNamedAndCounted) {
    std::map<std::string, dataset::Verdicts> got = run(dependence_records());
    const dataset::Verdicts& nan = got.at("dependence:writes_nan");
    EXPECT_EQ(nan.executed, "fail: nan in the outputs: out[0] = nan (out: 16 of 16 values nan)");
    EXPECT_EQ(nan.depends_on_inputs, "skipped: not executed cleanly");
    EXPECT_EQ(dataset::non_finite_kind(nan.executed), dataset::NonFinite::Nan);
    const dataset::Verdicts& inf = got.at("dependence:writes_inf");
    EXPECT_EQ(inf.executed.rfind("fail: inf in the outputs: out[", 0), 0u) << inf.executed;
    EXPECT_NE(inf.executed.find("] = inf (out: "), std::string::npos) << inf.executed;
    EXPECT_NE(inf.executed.find(" of 16 values inf)"), std::string::npos) << inf.executed;
    EXPECT_EQ(dataset::non_finite_kind(inf.executed), dataset::NonFinite::Inf);
}

// The GPU step: on a machine with a CUDA device the CUDA kernels run and
// agree with the CPU; elsewhere this test is skipped with the reason.
TEST(Gpu, CudaKernelsAgreeWithTheCpu) {
    CudaDeviceInfo dev = probe_cuda_device();
    if (!dev.present) GTEST_SKIP() << dev.why_not;
    VerifyOptions o;
    o.batch_size = 8;
    Verifier v(o);
    std::vector<dataset::Record> batch;
    for (auto& [name, r] : module_records())
        if (name != "oob_write") batch.push_back(r);
    VerifyTotals t = v.verify(batch);
    EXPECT_EQ(t.gpu.pass, batch.size()) << t.summary();
    for (const dataset::Record& r : batch) EXPECT_EQ(r.verification.compiled_cuda, "pass") << r.id;
}

} // namespace
} // namespace ws::verify
