// Unit tests of verification's pure parts: no compiler, no Warp, no runner.
#include "verify/batch_unit.h"
#include "verify/bisect.h"
#include "verify/differentiability.h"
#include "verify/host_compiler.h"
#include "verify/launch_plan.h"
#include "verify/record_code.h"
#include "verify/runner/scalars.h"
#include "verify/totals.h"
#include "verify/warp_headers.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>

namespace ws::verify {
namespace {

TEST(Scalars, HalfRoundTripsEveryHalf) {
    // Every finite half converts to float and back unchanged.
    for (uint32_t h = 0; h < 0x10000; ++h) {
        if ((h & 0x7c00u) == 0x7c00u) continue; // inf/nan
        float f = runner::half_to_float(uint16_t(h));
        EXPECT_EQ(runner::float_to_half(f), uint16_t(h)) << std::hex << h;
    }
}

TEST(Scalars, HalfRoundsToNearestEven) {
    EXPECT_EQ(runner::half_to_float(runner::float_to_half(1.0f)), 1.0f);
    EXPECT_EQ(runner::half_to_float(runner::float_to_half(65504.0f)), 65504.0f);
    EXPECT_TRUE(std::isinf(runner::half_to_float(runner::float_to_half(1e6f))));
    // 1 + 2^-11 is halfway between 1 and the next half: ties to even (1).
    EXPECT_EQ(runner::half_to_float(runner::float_to_half(1.0f + 0x1p-11f)), 1.0f);
    EXPECT_EQ(runner::half_to_float(runner::float_to_half(0x1p-24f)), 0x1p-24f); // smallest subnormal
}

TEST(Scalars, Bfloat16RoundsAsWarpsNativeLibrary) {
    // Every finite bfloat16 converts to float and back unchanged.
    for (uint32_t h = 0; h < 0x10000; ++h) {
        if ((h & 0x7f80u) == 0x7f80u) continue; // inf/nan
        EXPECT_EQ(runner::float_to_bfloat16(runner::bfloat16_to_float(uint16_t(h))), uint16_t(h))
            << std::hex << h;
    }
    // 1 + 2^-8 is halfway between 1 and the next bfloat16: ties to even (1); 1 + 3 * 2^-8 rounds up.
    EXPECT_EQ(runner::float_to_bfloat16(1.0f + 0x1p-8f), 0x3f80);
    EXPECT_EQ(runner::float_to_bfloat16(1.0f + 3 * 0x1p-8f), 0x3f82);
    EXPECT_EQ(runner::float_to_bfloat16(-2.0f), 0xc000);
    EXPECT_EQ(runner::float_to_bfloat16(INFINITY), 0x7f80);
    // A NaN whose payload is only in the low bits stays a NaN (quiet bit set).
    uint32_t low_nan = 0x7f800001u;
    float f;
    std::memcpy(&f, &low_nan, 4);
    EXPECT_EQ(runner::float_to_bfloat16(f), 0x7fc0);
    uint16_t stored = 0;
    runner::store_scalar(&stored, WS_BF16, 3.14159);
    EXPECT_EQ(runner::load_scalar(&stored, WS_BF16), 3.140625);
}

TEST(Scalars, IntegersSaturate) {
    int8_t c = 0;
    runner::store_scalar(&c, WS_I8, 1000.0);
    EXPECT_EQ(c, 127);
    uint32_t u = 1;
    runner::store_scalar(&u, WS_U32, -5.0);
    EXPECT_EQ(u, 0u);
    EXPECT_EQ(runner::load_scalar(&u, WS_U32), 0.0);
}

TEST(Bisect, NamesEveryFailingMember) {
    const std::set<size_t> bad = {3, 7, 8};
    int calls = 0;
    CompileFn compile = [&](const std::vector<size_t>& m) {
        ++calls;
        Attempt a;
        a.ok = true;
        for (size_t x : m)
            if (bad.count(x)) {
                a.ok = false;
                a.message = "error in " + std::to_string(x);
            }
        if (a.ok) a.artifact = "so";
        return a;
    };
    std::vector<size_t> members;
    for (size_t i = 0; i < 20; ++i) members.push_back(i);
    BisectResult r = compile_with_bisection(members, compile);
    ASSERT_EQ(r.failures.size(), 3u);
    EXPECT_EQ(r.failures.at(3), "error in 3");
    EXPECT_EQ(r.failures.at(8), "error in 8");
    EXPECT_TRUE(r.good.ok);
    EXPECT_EQ(r.compilations, calls);
}

TEST(Bisect, UsesImplicatedMembersFirst) {
    // The compiler names the culprit: one run for the rest, one for the suspect, one for the good set
    // is not needed because the rest compiled exactly the good set.
    int calls = 0;
    CompileFn compile = [&](const std::vector<size_t>& m) {
        ++calls;
        Attempt a;
        a.ok = std::find(m.begin(), m.end(), size_t(5)) == m.end();
        if (!a.ok) {
            a.message = "bad";
            a.implicated = {5};
        }
        return a;
    };
    std::vector<size_t> members = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    BisectResult r = compile_with_bisection(members, compile);
    ASSERT_EQ(r.failures.size(), 1u);
    EXPECT_EQ(r.failures.count(5), 1u);
    EXPECT_EQ(calls, 3); // whole batch, the rest, the suspect alone
    EXPECT_TRUE(r.good.ok);
}

TEST(Bisect, NothingToCompile) {
    BisectResult r = compile_with_bisection({}, [](const std::vector<size_t>&) { return Attempt{}; });
    EXPECT_EQ(r.compilations, 0);
}

const char* kCpuText = R"(// /warpsynth/x.py:4
static wp::float32 helper_0(
    wp::float32 var_a)
{
    return var_a;
}

struct wp_args_scale_3 {
    wp::float32 alpha;
    wp::array_t<wp::vec_t<3, wp::float32>> x;
    wp::array_t<wp::float32> out;
};

template <bool wp_linear_contiguous>
static void scale_3_cpu_kernel_forward(
    wp::launch_bounds_t<2> dim,
    size_t task_index,
    wp_args_scale_3 *_wp_args)
{
    var_1 = wp::address(var_x, var_0);
    wp::array_store(var_out, var_0, var_3);
}

extern "C" {
WP_API void scale_3_cpu_forward(
    wp::launch_bounds_t<2> *dim,
    wp_args_scale_3 *_wp_args)
{
}
} // extern C
)";

TEST(RecordCode, ParsesTheArgsStructAndEntryPoints) {
    dataset::Record r;
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    r.python_source = "import warp as wp\n";
    RecordCode c = cpu_code(r);
    ASSERT_TRUE(c.error.empty()) << c.error;
    EXPECT_EQ(c.kernel, "scale_3");
    ASSERT_EQ(c.fields.size(), 3u);
    EXPECT_EQ(c.fields[1].type, "wp::array_t<wp::vec_t<3, wp::float32>>");
    EXPECT_EQ(c.fields[1].name, "x");
    EXPECT_TRUE(c.fields[1].is_array());
    EXPECT_FALSE(c.fields[0].is_array());
    EXPECT_EQ(c.launch_ndim, 2);
    EXPECT_TRUE(c.has_entry);
    EXPECT_EQ(c.extern_c, std::vector<std::string>{"scale_3_cpu_forward"});
}

TEST(RecordCode, FindsCudaEntriesBehindAttributes) {
    dataset::Record r;
    r.kernel_name = "k";
    r.cuda_forward = "extern \"C\" __global__ void WP_MAXNREG(64) k_1a2b3c4d_cuda_kernel_forward(\n"
                     "    wp::launch_bounds_t<1> dim)\n{\n}\n";
    r.cuda_backward = "extern \"C\" __global__ void k_1a2b3c4d_cuda_kernel_backward(\n    "
                      "wp::launch_bounds_t<1> dim)\n{\n}\n";
    RecordCode c = cuda_code(r);
    ASSERT_TRUE(c.error.empty()) << c.error;
    EXPECT_EQ(c.kernel, "k_1a2b3c4d");
    EXPECT_EQ(c.extern_c.size(), 2u);
    EXPECT_TRUE(c.has_backward);
}

TEST(RecordCode, MissingKernelIsAnError) {
    dataset::Record r;
    r.cuda_forward = "static void nothing() {}\n";
    EXPECT_FALSE(cuda_code(r).error.empty());
}

TEST(LaunchPlan, ArrayDimensionsFromAnnotations) {
    std::string py = "import warp as wp\n@wp.kernel\ndef k(a: wp.array2d(dtype=float), n: int,\n"
                     "      b: wp.array(dtype=wp.vec3, ndim=3), c: wp.array(dtype=float)):\n    pass\n";
    auto nd = python_array_ndims(py, "k");
    ASSERT_EQ(nd.size(), 3u);
    EXPECT_EQ(nd[0], (std::pair<std::string, int>{"a", 2}));
    EXPECT_EQ(nd[1], (std::pair<std::string, int>{"b", 3}));
    EXPECT_EQ(nd[2], (std::pair<std::string, int>{"c", 1}));
}

TEST(LaunchPlan, InfersOutputsAndShapes) {
    dataset::Record r;
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    r.python_source =
        "@wp.kernel\ndef scale_3(alpha: float, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):\n";
    RecordCode c = cpu_code(r);
    // The kernel is 2-d but has only 1-d arrays: the launch falls back to 8x8.
    LaunchPlan p = plan_launch(r, c);
    EXPECT_TRUE(p.inferred);
    EXPECT_TRUE(p.error.empty()) << p.error;
    ASSERT_EQ(p.args.size(), 3u);
    EXPECT_FALSE(p.args[1].is_output);
    EXPECT_TRUE(p.args[2].is_output);
    EXPECT_EQ(p.args[1].shape, std::vector<int64_t>{16});
    EXPECT_EQ(p.dim, (std::vector<int64_t>{8, 8}));
}

TEST(LaunchPlan, RecordedSpecWins) {
    dataset::Record r;
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    r.launch.dim = {4, 5};
    r.launch.args = {{"alpha", "float", {}, 2.0, 3.0, false},
                     {"x", "wp.array(dtype=wp.vec3)", {20}, -1.0, 1.0, false},
                     {"out", "wp.array(dtype=float)", {20}, 0.0, 0.0, true}};
    LaunchPlan p = plan_launch(r, cpu_code(r));
    EXPECT_FALSE(p.inferred);
    EXPECT_EQ(p.dim, (std::vector<int64_t>{4, 5}));
    EXPECT_EQ(p.args[0].min_value, 2.0);
    r.launch.args.pop_back();
    EXPECT_FALSE(plan_launch(r, cpu_code(r)).error.empty()); // no entry for `out`
}

TEST(LaunchPlan, GeometryQueriesAreNotRun) {
    // A mesh id drawn at random is a wild pointer: the record is compiled, not run.
    dataset::Record r;
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    r.python_source =
        "@wp.kernel\ndef scale_3(alpha: float, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):\n";
    EXPECT_TRUE(plan_launch(r, cpu_code(r)).error.empty());
    r.cpu_forward.insert(r.cpu_forward.find("    wp::array_store("),
                         "    var_5 = wp::mesh_query_point(var_mesh, var_2, var_4);\n");
    RecordCode c = cpu_code(r);
    ASSERT_TRUE(c.error.empty()) << c.error;
    EXPECT_NE(plan_launch(r, c).error.find("needs a mesh, BVH, hash grid or volume"), std::string::npos);
}

// A tile kernel (a recorded block_dim: wp.launch_tiled) runs from the CPU code Warp builds for
// a CPU launch (block_dim=1): the launch gets Warp's trailing block dimension, resolved to 1.
// Its own CPU code (block_dim 256, lanes that synchronise) is compiled only.
TEST(LaunchPlan, TileKernelsRunWithOneLane) {
    dataset::Record r;
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    r.launch.dim = {4, 5};
    r.launch.args = {{"alpha", "float", {}, 2.0, 3.0, false},
                     {"x", "wp.array(dtype=wp.vec3)", {20}, -1.0, 1.0, false},
                     {"out", "wp.array(dtype=float)", {20}, 0.0, 0.0, true}};
    EXPECT_TRUE(plan_launch(r, cpu_code(r)).error.empty());
    r.launch.block_dim = 64;
    const LaunchPlan own = plan_launch(r, cpu_code(r));
    EXPECT_NE(own.error.find("a tile kernel (wp.launch_tiled, block_dim=64)"), std::string::npos)
        << own.error;
    RecordCode lane = cpu_code(r);
    lane.block_dim = 1;
    const LaunchPlan p = plan_launch(r, lane);
    EXPECT_TRUE(p.error.empty()) << p.error;
    EXPECT_EQ(p.dim, (std::vector<int64_t>{4, 5, 1})); // [*dim, block_dim] with block_dim resolved to 1
}

TEST(Differentiability, NamesTileOperationsWithoutAdjoints) {
    EXPECT_TRUE(warp_missing_tile_adjoints("var_3 = wp::tile_sum(var_2);\n").empty());
    // The Python line quoted in a comment and the adjoint calls are not calls of the operation.
    EXPECT_TRUE(warp_missing_tile_adjoints("    // m = wp.tile_max(t)\n    wp::adj_tile_max(x);\n").empty());
    EXPECT_EQ(warp_missing_tile_adjoints("var_3 = wp::tile_max(var_2);\n"),
              (std::vector<std::string>{"tile_max"}));
    const std::string code = "var_5 = wp::tile_reduce_axis(wp::max, var_4, var_1, var_2, var_3);\n";
    EXPECT_EQ(
        grad_verdict_with_missing_adjoints("pass", code),
        "skipped: Warp has no adjoint for tile_reduce_axis (its backward pass leaves that gradient at zero): "
        "the finite differences agreed on the sampled elements");
    EXPECT_EQ(grad_verdict_with_missing_adjoints("fail: adjoint differs from finite differences: x", code)
                  .rfind("skipped: Warp has no adjoint for tile_reduce_axis", 0),
              0u);
    EXPECT_EQ(grad_verdict_with_missing_adjoints("fail: crashed", code), "fail: crashed");
    EXPECT_EQ(grad_verdict_with_missing_adjoints("pass", "var_1 = wp::tile_sum(var_0);\n"), "pass");
}

TEST(Differentiability, NamesWarpsNonDifferentiableConstructs) {
    EXPECT_TRUE(warp_nondifferentiable_constructs("var_1 = wp::add(var_0, var_2);\n").empty());
    auto w = warp_nondifferentiable_constructs("    start_while_0:;\n");
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0], "while loop");
    std::string loop = "    start_for_0:;\n        if (iter_cmp(var_9) == 0) goto end_for_0;\n"
                       "        var_12 = wp::add(var_3, var_10);\n        wp::assign(var_3, var_12);\n       "
                       " goto start_for_0;\n"
                       "    end_for_0:;\n";
    w = warp_nondifferentiable_constructs(loop);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0], "variable mutated in a dynamic loop");
    std::string compact = "{\n    var_5 = wp::atomic_add(var_counter, var_2, var_4);\n    "
                          "wp::array_store(var_out, var_5, var_1);\n}\n";
    w = warp_nondifferentiable_constructs(compact);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0], "value returned by an atomic operation");
    EXPECT_TRUE(warp_nondifferentiable_constructs("{\n    var_5 = wp::atomic_add(var_b, var_0, var_4);\n}\n")
                    .empty());
    // A histogram's unused atomic result before the compaction slot (a generated kernel
    // whose backward pass crashed): the slot is still found.
    std::string hist_then_slot =
        "{\n    var_8 = wp::atomic_add(var_hist, var_5, var_7);\n"
        "    if (var_15) {\n        var_18 = wp::atomic_add(var_counter, var_16, var_17);\n"
        "        wp::array_store(var_compacted, var_18, var_2);\n    }\n"
        "    var_23 = wp::atomic_add(var_hist, var_0, var_21);\n}\n";
    w = warp_nondifferentiable_constructs(hist_then_slot);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0], "value returned by an atomic operation");
}

TEST(Totals, ReasonsAndVerifiedRecords) {
    EXPECT_EQ(verdict_reason("fail: non-finite value after the forward pass: out[3] = nan"),
              "non-finite value after the forward pass");
    EXPECT_EQ(verdict_reason("fail: nan in the outputs: out[3] = nan (out: 2 of 16 values nan)"),
              "nan in the outputs");
    EXPECT_EQ(
        verdict_reason("fail: outputs ignore the inputs: out, hist (bit-identical in 5 runs on different "
                       "inputs; out[0] = 1)"),
        "outputs ignore the inputs");
    EXPECT_EQ(verdict_reason("skipped: no CUDA device (no CUDA driver)"), "no CUDA device");
    dataset::Verdicts v{"pass", "skipped: the record has no CPU code", "pass", "skipped: no float output",
                        "pass"};
    EXPECT_TRUE(is_verified(v));
    v.grad_check = "fail: adjoint differs from finite differences: ...";
    EXPECT_FALSE(is_verified(v));
    dataset::Verdicts none{"skipped: no NVRTC", "skipped: not requested", "skipped: x", "skipped: y",
                           "skipped: z"};
    EXPECT_FALSE(is_verified(none)); // nothing was compiled
    // Outputs that ignore the inputs make a record unverified; a record verified before the
    // check existed (no verdict) stays verified.
    dataset::Verdicts constant{"pass", "pass", "pass", "pass", "fail: outputs ignore the inputs: out (...)"};
    EXPECT_FALSE(is_verified(constant));
    EXPECT_TRUE(is_verified({"pass", "pass", "pass", "pass", ""}));
    VerifyTotals t;
    t.add(v);
    t.add({"pass", "pass", "pass", "pass", "pass"});
    t.add(constant);
    t.add({"pass", "pass",
           "fail: nan in the outputs: x[0] = nan (x: 1 of 4 values nan; y: 2 of 4 values inf)",
           "skipped: not executed cleanly", "skipped: not executed cleanly"});
    t.add({"pass", "pass", "fail: inf in the outputs: y[1] = -inf (y: 1 of 4 values inf)",
           "skipped: not executed cleanly", "skipped: not executed cleanly"});
    t.add(
        {"pass", "pass", "fail: non-finite value after the forward pass: v[2][1] = -inf", "skipped: x", ""});
    t.add({"pass", "pass", "fail: crashed: SIGSEGV", "skipped: x", "skipped: not executed cleanly"});
    EXPECT_EQ(t.records, 7u);
    EXPECT_EQ(t.verified, 1u);
    EXPECT_EQ(t.grad_check.fail_reasons.at("adjoint differs from finite differences"), 1u);
    EXPECT_EQ(t.depends_on_inputs.fail_reasons.at("outputs ignore the inputs"), 1u);
    EXPECT_EQ(t.executed.fail_reasons.at("nan in the outputs"), 1u);
    EXPECT_EQ(t.figures.non_finite_nan, 1u);
    EXPECT_EQ(t.figures.non_finite_inf, 2u); // the new form and the old one
    EXPECT_EQ(t.figures.other_execution_failures, 1u);
    EXPECT_EQ(t.figures.executed_pass, 3u);
    EXPECT_EQ(t.figures.dependence_checked, 3u);
    EXPECT_EQ(t.figures.outputs_ignore_inputs, 1u);
    nlohmann::json j = t.to_json();
    EXPECT_EQ(j["executed"]["pass"], 3);
    EXPECT_EQ(j["depends_on_inputs"]["fail"], 1);
    EXPECT_EQ(j["figures"]["executed"]["non_finite"], 3);
    EXPECT_NE(t.summary().find(
                  "outputs ignore the inputs: 1 of 3 checked (33.33%); non-finite outputs: 3 of 7 run"),
              std::string::npos)
        << t.summary();
}

// Records compiled but not run (a kernel that queries a mesh by id) are verified and counted by
// the reason, which stats.json and the dataset card report.
TEST(Totals, NotRunByReason) {
    const std::string why = "needs a mesh, BVH, hash grid or volume (the kernel queries one by its id)";
    const std::string skipped = "skipped: " + why;
    VerifyTotals t;
    t.add({"pass", "pass", skipped, skipped, skipped});
    t.add({"pass", "pass", skipped, skipped, skipped});
    t.add({"pass", "pass", "pass", "pass", "pass"});
    EXPECT_EQ(t.verified, 3u);
    EXPECT_EQ(t.figures.not_run.at(why), 2u);
    EXPECT_EQ(t.figures.executed_pass, 1u);
    EXPECT_EQ(t.figures.dependence_checked, 1u);
    EXPECT_EQ(t.to_json()["figures"]["executed"]["not_run"][why], 2);
    EXPECT_NE(t.summary().find("skip     2  needs a mesh, BVH, hash grid or volume\n"), std::string::npos)
        << t.summary();
}

TEST(Totals, NonFiniteKinds) {
    using dataset::NonFinite;
    EXPECT_EQ(dataset::non_finite_kind("fail: nan in the outputs: a[0] = nan (a: 1 of 1 values nan)"),
              NonFinite::Nan);
    EXPECT_EQ(dataset::non_finite_kind("fail: inf in the outputs: a[0] = inf (a: 1 of 1 values inf)"),
              NonFinite::Inf);
    EXPECT_EQ(dataset::non_finite_kind("fail: non-finite value after the forward pass: nanos[1] = -inf"),
              NonFinite::Inf);
    EXPECT_EQ(dataset::non_finite_kind("fail: non-finite value after the forward pass: x[1] = nan"),
              NonFinite::Nan);
    EXPECT_EQ(dataset::non_finite_kind("fail: crashed: SIGFPE"), NonFinite::None);
    EXPECT_EQ(dataset::non_finite_kind("pass"), NonFinite::None);
}

TEST(CompilerLogs, BlamedLinesAndFirstError) {
    std::string gxx =
        "cpu-0.cpp: In function 'void f()':\ncpu-0.cpp:120:5: error: 'x' was not declared in this scope\n"
        "  120 |     x = 1;\n      |     ^\n";
    EXPECT_EQ(blamed_lines(gxx, "cpu-0.cpp"), std::vector<int>{120});
    EXPECT_EQ(first_error(gxx), "'x' was not declared in this scope [120 |     x = 1;]");
    std::string nvrtc = "cuda-0.cu(77): error: identifier \"y\" is undefined\n  y = 2;\n  ^\n\n"
                        "          detected during instantiation of \"f\" at line 93 of cuda-0.cu\n";
    auto lines = blamed_lines(nvrtc, "cuda-0.cu");
    EXPECT_NE(std::find(lines.begin(), lines.end(), 77), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), 93), lines.end());
    EXPECT_EQ(first_error(nvrtc), "identifier \"y\" is undefined [y = 2;]");
}

TEST(BatchUnit, RenamesCLinkageAndTracksLines) {
    dataset::Record r;
    r.id = "rec-1";
    r.kernel_name = "scale_3";
    r.cpu_forward = kCpuText;
    RecordCode c = cpu_code(r);
    LaunchPlan p = plan_launch(r, c);
    BatchUnit u = cpu_batch_unit({{7, &r, &c, &p, {}, {}}}, "ws_prefix.h");
    EXPECT_NE(u.text.find("#define scale_3_cpu_forward ws_r7_scale_3_cpu_forward\n"), std::string::npos);
    EXPECT_NE(u.text.find("namespace ws_r7 {"), std::string::npos);
    EXPECT_NE(u.text.find("\"rec-1\""), std::string::npos);
    ASSERT_EQ(u.lines.size(), 1u);
    // The record's first line is inside its range.
    int line = 1;
    size_t pos = u.text.find("static wp::float32 helper_0(");
    for (size_t i = 0; i < pos; ++i) line += u.text[i] == '\n';
    EXPECT_GE(line, u.lines[0].first);
    EXPECT_LE(line, u.lines[0].second);
}

TEST(WarpHeaders, ExplicitPathAndErrors) {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "ws_verify_headers_test" / "warp" / "native";
    fs::create_directories(dir);
    std::ofstream(dir / "builtin.h") << "// fake\n";
    std::ofstream(dir / "array.h") << "// fake\n";
    WarpHeaders h = locate_warp_headers(dir.parent_path().parent_path().string()); // site-packages spelling
    EXPECT_EQ(fs::path(h.native_dir), fs::weakly_canonical(dir));
    EXPECT_EQ(h.found_via, "--warp-include");
    EXPECT_THROW(locate_warp_headers("/nonexistent/warp"), std::runtime_error);
    fs::remove_all(fs::temp_directory_path() / "ws_verify_headers_test");
}

} // namespace
} // namespace ws::verify
