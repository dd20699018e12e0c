// Unit tests of the synthesizer's numeric probe (src/synth/probe): its verdicts on
// kernels whose dependence on the inputs is known by reading them, and the
// interpreter's arithmetic where Warp's native code differs from Python's.
#include "synth/probe/ops.h"
#include "synth/probe/probe.h"

#include <gtest/gtest.h>
#include <string>

namespace ws::synth {
namespace {

ArgSpec array_arg(std::string name, std::string type, std::vector<int64_t> shape, double lo, double hi,
                  bool output = false) {
    ArgSpec a;
    a.name = std::move(name);
    a.type = std::move(type);
    a.shape = std::move(shape);
    a.min_value = lo;
    a.max_value = hi;
    a.is_output = output;
    return a;
}

ArgSpec scalar_arg(std::string name, std::string type, double lo, double hi) {
    return array_arg(std::move(name), std::move(type), {}, lo, hi);
}

// The launch of a 1-d kernel `k(x, out)` of `n` threads: `x` (of `x_type`, floats in [-1, 1])
// read, `out` (floats, starting at 0) written.
LaunchSpec map_launch(int64_t n, const std::string& x_type = "wp.array(dtype=float)") {
    LaunchSpec l;
    l.dim = {n};
    l.args = {array_arg("x", x_type, {n}, -1.0, 1.0),
              array_arg("out", "wp.array(dtype=float)", {n}, 0.0, 0.0, true)};
    return l;
}

// A 1-d kernel of `n` threads over input `x` writing `out` (map_launch), its body after `i = wp.tid()`.
ProbeResult probe_map(const std::string& body, int64_t n = 64,
                      const std::string& x_type = "wp.array(dtype=float)") {
    const std::string src = "import warp as wp\n\n\n@wp.kernel\ndef k(x: " + x_type +
                            ", out: wp.array(dtype=float)):\n    i = wp.tid()\n" + body;
    return probe_dependence(src, map_launch(n, x_type));
}

TEST(Probe, AnOutputComputedFromTheInputDepends) {
    EXPECT_EQ(probe_map("    out[i] = x[i] * 2.0 + 1.0\n").verdict, ProbeVerdict::Depends);
}

TEST(Probe, AConstantOutputIgnoresTheInputs) {
    const ProbeResult r = probe_map("    out[i] = 1.5\n");
    EXPECT_EQ(r.verdict, ProbeVerdict::Ignores);
    EXPECT_EQ(r.detail, "out");
}

TEST(Probe, AThresholdNoInputReachesIgnoresTheInputs) {
    // x is in [-1, 1]: the comparison is always false.
    EXPECT_EQ(probe_map("    out[i] = wp.where(x[i] > 5.0, 1.0, 0.0)\n").verdict, ProbeVerdict::Ignores);
    EXPECT_EQ(probe_map("    out[i] = wp.where(x[i] > 0.0, 1.0, 0.0)\n").verdict, ProbeVerdict::Depends);
}

TEST(Probe, AnOutputThatMovesOnlyOnRareInputsIsRefused) {
    // Stricter than the verifier on purpose: x > 0.995 on one element in 400 leaves most runs equal.
    EXPECT_EQ(probe_map("    out[i] = wp.where(x[i] > 0.995, 1.0, 0.0)\n").verdict, ProbeVerdict::Ignores);
}

TEST(Probe, Float32RoundingIsKept) {
    // In float32, 1e8 + x - 1e8 is a multiple of 8: always 0 for |x| <= 1 (in float64 it would move).
    EXPECT_EQ(probe_map("    out[i] = (1.0e8 + x[i]) - 1.0e8\n").verdict, ProbeVerdict::Ignores);
}

TEST(Probe, LoopsBranchesAndHelpers) {
    const std::string src = R"(import warp as wp


@wp.struct
class Params:
    scale: float
    bias: float


@wp.func
def shifted(a: float, p: Params):
    if a < 0.0:
        return -a * p.scale
    return a + p.bias


@wp.kernel
def k(x: wp.array2d[float], p: Params, out: wp.array[float]):
    i = wp.tid()
    total = float(0.0)
    for j in range(x.shape[1]):
        total += shifted(x[i, j], p)
    wp.atomic_add(out, 0, total)
)";
    LaunchSpec l;
    l.dim = {16};
    l.args = {array_arg("x", "wp.array2d[float]", {16, 8}, -1.0, 1.0), scalar_arg("p", "Params", 0.5, 2.0),
              array_arg("out", "wp.array[float]", {1}, 0.0, 0.0, true)};
    EXPECT_EQ(probe_dependence(src, l).verdict, ProbeVerdict::Depends);
}

TEST(Probe, BoolInputsAndIntegerOutputs) {
    const std::string src = R"(import warp as wp


@wp.kernel
def k(flags: wp.array(dtype=bool), count: wp.array(dtype=int)):
    i = wp.tid()
    if flags[i]:
        wp.atomic_add(count, 0, 1)
)";
    LaunchSpec l;
    l.dim = {64};
    l.args = {array_arg("flags", "wp.array(dtype=bool)", {64}, 0.0, 1.0),
              array_arg("count", "wp.array(dtype=int)", {1}, 0.0, 0.0, true)};
    EXPECT_EQ(probe_dependence(src, l).verdict, ProbeVerdict::Depends);
}

TEST(Probe, RandomNumbersFollowTheSeed) {
    const std::string src = R"(import warp as wp


@wp.kernel
def k(seed: int, out: wp.array(dtype=float)):
    i = wp.tid()
    state = wp.rand_init(seed, i)
    out[i] = wp.randf(state) + wp.randf(state)
)";
    LaunchSpec l;
    l.dim = {32};
    l.args = {scalar_arg("seed", "int", 0.0, 1000.0),
              array_arg("out", "wp.array(dtype=float)", {32}, 0.0, 0.0, true)};
    EXPECT_EQ(probe_dependence(src, l).verdict, ProbeVerdict::Depends);
}

TEST(Probe, OutputArgumentsOfDecompositions) {
    const std::string src = R"(import warp as wp


@wp.kernel
def k(F: wp.array(dtype=wp.mat33), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    U = wp.mat33()
    sigma = wp.vec3()
    V = wp.mat33()
    wp.svd3(F[i], U, sigma, V)
    out[i] = sigma
)";
    LaunchSpec l;
    l.dim = {8};
    l.args = {array_arg("F", "wp.array(dtype=wp.mat33)", {8}, -1.0, 1.0),
              array_arg("out", "wp.array(dtype=wp.vec3)", {8}, 0.0, 0.0, true)};
    EXPECT_EQ(probe_dependence(src, l).verdict, ProbeVerdict::Depends);
}

TEST(Probe, WhatTheInterpreterDoesNotModelHasNoVerdict) {
    const std::string src = R"(import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.noise(wp.uint32(1), x[i])
)";
    const ProbeResult r = probe_dependence(src, map_launch(8));
    EXPECT_EQ(r.verdict, ProbeVerdict::Unknown);
    EXPECT_EQ(r.detail, "wp.noise");
}

// The compiled bodies (compiled.cpp) store as the tree does (an augmented store into an array) and
// leave to it what their fast paths do not cover: a module constant, an index that is not an
// integer, a starred argument.
TEST(Probe, CompiledBodiesFallBackToTheTree) {
    const std::string src = R"(import warp as wp

SHIFT = 3


@wp.kernel
def k(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = x[SHIFT] * float(SHIFT) + x[i]
)";
    EXPECT_EQ(probe_dependence(src, map_launch(8)).verdict, ProbeVerdict::Depends);
    EXPECT_EQ(probe_map("    out[i] += min(x[i], 0.5)\n").verdict, ProbeVerdict::Depends);
    const ProbeResult r = probe_map("    out[i] = x[1.5]\n");
    EXPECT_EQ(r.verdict, ProbeVerdict::Unknown);
    EXPECT_EQ(r.detail, "a non-integer index");
    const ProbeResult s = probe_map("    out[i] = wp.sin(*x)\n");
    EXPECT_EQ(s.verdict, ProbeVerdict::Unknown);
    EXPECT_EQ(s.detail, "a starred argument");
}

// Values made in their variable's slot, in Machine::returned_ or in a callee's frame (compiled.cpp's
// leaves_slot()) are the values the tree makes, and an error while making one is the tree's error.
TEST(Probe, ValuesMadeInPlace) {
    const std::string src = R"(import warp as wp


@wp.func
def sq(v: float):
    return v * v


@wp.func
def both(v: float):
    return sq(v) + sq(v + 1.0)


@wp.kernel
def k(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    a = x[i]
    a = a * 2.0 + 1.0
    b = both(sq(a))
    rng = wp.rand_init(7, i)
    out[i] = b * wp.randf(rng)
)";
    EXPECT_EQ(probe_dependence(src, map_launch(8)).verdict, ProbeVerdict::Depends);
    const ProbeResult r = probe_map("    out[i] = x[i]\n    b = x[i]\n    b = x[1.5]\n");
    EXPECT_EQ(r.verdict, ProbeVerdict::Unknown);
    EXPECT_EQ(r.detail, "a non-integer index");
}

// A parameter whose value no thread changes is copied into the kernel's frame once per launch;
// one that thread 0 rebinds, by assignment or as a builtin's output argument, must be copied
// again for every later thread. `v` and `U` are the same in every run (their range is one
// value), so `out`, written by the later threads only, ignores the inputs unless thread 0's
// value, made from x[0], leaks into them.
TEST(Probe, ParametersAThreadRebindsAreCopiedForTheNext) {
    const std::string src = R"(import warp as wp


@wp.kernel
def k(x: wp.array(dtype=wp.mat33), v: wp.vec3, U: wp.mat33, out: wp.array(dtype=float)):
    i = wp.tid()
    if i == 0:
        REBIND
    else:
        out[i] = READ
)";
    LaunchSpec l;
    l.dim = {4};
    l.args = {array_arg("x", "wp.array(dtype=wp.mat33)", {4}, -1.0, 1.0),
              scalar_arg("v", "wp.vec3", 0.5, 0.5), scalar_arg("U", "wp.mat33", 0.5, 0.5),
              array_arg("out", "wp.array(dtype=float)", {4}, 0.0, 0.0, true)};
    const std::pair<std::string, std::string> cases[] = {
        {"v = x[i][0]", "v[0]"},
        {"sigma = wp.vec3()\n        V = wp.mat33()\n        wp.svd3(x[i], U, sigma, V)", "U[0, 0]"}};
    for (const auto& [rebind, read] : cases) {
        std::string kernel = src;
        kernel.replace(kernel.find("REBIND"), 6, rebind);
        kernel.replace(kernel.find("READ"), 4, read);
        const ProbeResult r = probe_dependence(kernel, l);
        EXPECT_EQ(r.verdict, ProbeVerdict::Ignores) << rebind;
        EXPECT_EQ(r.detail, "out") << rebind;
    }
}

TEST(ProbeOps, IntegerArithmeticIsWarps) {
    using namespace probe;
    const auto i32 = [](int64_t v) { return make_int(Sc::I32, v); };
    // C division truncates, Python's // floors (Warp's floordiv does too), % keeps the dividend's sign.
    EXPECT_EQ(binop(ast::BinOpKind::Div, i32(-7), i32(2)).i, -3);
    EXPECT_EQ(binop(ast::BinOpKind::FloorDiv, i32(-7), i32(2)).i, -4);
    EXPECT_EQ(binop(ast::BinOpKind::Mod, i32(-7), i32(2)).i, -1);
    // uint32 wraps.
    const Value big = make_int(Sc::U32, 0xFFFFFFFFll);
    EXPECT_EQ(binop(ast::BinOpKind::Add, big, make_int(Sc::U32, 2)).i, 1);
    EXPECT_EQ(binop(ast::BinOpKind::Mult, big, big).i, 1);
    EXPECT_THROW(binop(ast::BinOpKind::Div, i32(1), i32(0)), Unsupported);
}

} // namespace
} // namespace ws::synth
