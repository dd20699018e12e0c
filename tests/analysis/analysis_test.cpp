// Unit tests of src/analysis on small hand-written files; every expectation is
// reasoned from the definitions in src/analysis/README.md.
#include "analysis/comments.h"
#include "analysis/health.h"
#include "analysis/report.h"
#include "analysis/summary.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace ws::analysis;
using Names = std::vector<std::string>;

namespace {

FileReport analyze_text(const std::string& text) {
    FileReport r = analyze("<test>", text, AnalyzeOptions{true});
    EXPECT_TRUE(r.parsed()) << r.error;
    return r;
}

// A copy: the report is usually a temporary.
FunctionReport only_function(const FileReport& r) {
    EXPECT_EQ(r.functions.size(), 1u);
    return r.functions.at(0);
}

std::vector<std::pair<std::string, int>> kinds_and_lines(const FunctionReport& f) {
    std::vector<std::pair<std::string, int>> out;
    for (const Degenerate& d : f.degenerate) out.emplace_back(name_of(d.kind), d.pos.line);
    return out;
}

} // namespace

// ---------------------------------------------------------------- Warp definitions

TEST(WarpDefs, KernelsAndHelpersAtAnyDepth) {
    const FileReport r = analyze_text(R"(import warp as wp
import warp


@wp.func
def helper(x: float):
    return x


@warp.kernel(enable_backward=False)
def spelled_out(a: wp.array(dtype=float)):
    a[0] = helper(1.0)


@wp.overload
def declared(a: wp.array(dtype=float)): ...


def test_inside(test, device):
    @wp.kernel
    def nested(a: wp.array(dtype=float)):
        a[0] = 1.0


@wp.struct
class State:
    x: float
)");
    ASSERT_EQ(r.functions.size(), 3u); // not `declared` (an overload) nor `test_inside` (host code)
    EXPECT_EQ(r.functions[0].name, "helper");
    EXPECT_FALSE(r.functions[0].is_kernel());
    EXPECT_EQ(r.functions[0].line, 5);
    EXPECT_EQ(r.functions[1].name, "spelled_out");
    EXPECT_TRUE(r.functions[1].is_kernel());
    EXPECT_EQ(r.functions[2].name, "nested");
    EXPECT_TRUE(r.functions[2].is_kernel());
    EXPECT_EQ(r.structs, 1);
}

// ---------------------------------------------------------------- names

TEST(NameUse, DeadStoresUnusedParamsAndLoopVariables) {
    const FunctionReport f = only_function(analyze_text(R"(import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=float), n: int, m: int, _scratch: float):
    i, j = wp.tid()
    x = a[i]
    y = x * 2.0
    t = 0.0
    t += x
    for s in range(n):
        b[i] = x
    for q in range(3):
        b[q] = 1.0
    c: float = 1.0
    v = wp.vec3()
    v.x = 1.0
    for _ in range(2):
        b[0] = 0.0
)"));
    EXPECT_EQ(f.names.params, (Names{"a", "b", "n", "m", "_scratch"}));
    // a, b: subscripted; n: range(n); _scratch: read by convention; m: never.
    EXPECT_EQ(f.names.unused_params, (Names{"m"}));
    // Every stored name (tuple targets, augmented and annotated assignments, loop variables).
    EXPECT_EQ(f.names.assigned, (Names{"_", "c", "i", "j", "q", "s", "t", "v", "x", "y"}));
    // j: unpacked, never read; y, c: never read; s: a loop variable never read. t is read by
    // `t += x`, v by `v.x = 1.0`, q by `b[q]`, `_` by convention.
    EXPECT_EQ(f.names.dead, (Names{"c", "j", "s", "y"}));
    EXPECT_EQ(f.names.loop_variables, (Names{"_", "q", "s"}));
    EXPECT_EQ(f.names.unused_loop_variables, (Names{"s"}));
}

TEST(NameUse, FlowInsensitiveAndParametersReassigned) {
    const FunctionReport f = only_function(analyze_text(R"(import warp as wp


@wp.func
def f(x: float, y: float):
    r = 0.0
    if x > 0.0:
        r = x
    x = 2.0
    return r
)"));
    // r is stored twice and read once: not dead. x is read (the test) and reassigned: an
    // assigned name that is read. y is never read.
    EXPECT_EQ(f.names.assigned, (Names{"r", "x"}));
    EXPECT_TRUE(f.names.dead.empty());
    EXPECT_EQ(f.names.unused_params, (Names{"y"}));
}

TEST(NameUse, StubsDoNotCountUnusedParameters) {
    const FileReport r = analyze_text(R"(import warp as wp


@wp.func
def declared(x: float, y: float):
    """Only a declaration."""
    ...


@wp.func
def unused(x: float, y: float):
    return 1.0
)");
    ASSERT_EQ(r.functions.size(), 2u);
    EXPECT_TRUE(r.functions[0].stub);
    EXPECT_FALSE(r.functions[1].stub);
    const HealthCounts c = health_counts(r);
    EXPECT_EQ(c.helpers, 2u);
    EXPECT_EQ(c.helper_params, 2u); // the stub's two are not counted
    EXPECT_EQ(c.ignored_helper_params, 2u);
}

// ---------------------------------------------------------------- degenerate expressions

TEST(Degenerate, EachKind) {
    const FunctionReport f = only_function(analyze_text(R"(import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), c: float, n: int):
    x = a[0] - a[0]
    y = n % n
    b = c == c
    d = c > 0.0 and c > 0.0
    e = wp.min(c, c)
    g = max(c, c)
    h = c if c > 0.0 else c
    p = wp.where(c > 0.0, a[1], a[1])
    q = -(-c)
    r = not not b
    s = wp.isnan(25.5)
    if 73.8 + 0.75 < -0.99 and 1 < 2:
        a[2] = 1.0
    t = 1.0 if True else 2.0
    if 0:
        a[3] = wp.where(False, c, 1.0)
    a[4] = x + y + e + g + h + p + q + s + t
)"));
    using P = std::pair<std::string, int>;
    EXPECT_EQ(kinds_and_lines(f), (std::vector<P>{{"same_operands", 6},
                                                  {"same_operands", 7},
                                                  {"same_comparison", 8},
                                                  {"same_bool_operands", 9},
                                                  {"min_max_same_args", 10},
                                                  {"min_max_same_args", 11},
                                                  {"same_branches", 12},
                                                  {"same_branches", 13},
                                                  {"double_negation", 14},
                                                  {"double_negation", 15},
                                                  {"constant_expression", 16},
                                                  // one for the whole `and`, not one per comparison
                                                  {"constant_expression", 17},
                                                  {"constant_expression", 19},
                                                  {"constant_expression", 20},
                                                  {"constant_expression", 21}}));
}

TEST(Degenerate, WhatPeopleWriteIsNotDegenerate) {
    const FunctionReport f = only_function(analyze_text(R"(import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), idx: wp.array(dtype=int), c: float):
    t = wp.tid()
    i0 = idx[3 * t + 0]
    i1 = idx[3 * t + 1]
    rho = 1.4 * 287.05 * c
    g = wp.vec3(0.0, 0.0 - 9.81, 0.0)
    third = 1.0 / 3.0
    scaled = a[t] * 1.0
    d = wp.atomic_add(a, 0, 1.0) - wp.atomic_add(a, 0, 1.0)
    w = c - a[t]
    m = wp.min(c, a[t])
    s = wp.sqrt(2.0)
    while True:
        break
    a[t] = float(i0 + i1) + rho + g[1] + third + scaled + d + w + m + s
)"));
    EXPECT_TRUE(f.degenerate.empty())
        << name_of(f.degenerate.front().kind) << " at line " << f.degenerate.front().pos.line;
}

TEST(Degenerate, StructuralIdentity) {
    const FileReport r = analyze_text(R"(import warp as wp


@wp.func
def f(v: wp.vec3, a: wp.array(dtype=float), i: int):
    x = wp.dot(v, v * 2.0) - wp.dot(v, v * 2.0)
    y = a[i + 1] - a[i + 1]
    z = a[i + 1] - a[1 + i]
    u = v.x - v.y
    w = 1.5 - 1.50
    return x + y + z + u + w
)");
    using P = std::pair<std::string, int>;
    // Lines 6, 7 and 10 (1.5 and 1.50 are one value); `i + 1` is not `1 + i`, nor .x .y.
    EXPECT_EQ(kinds_and_lines(only_function(r)),
              (std::vector<P>{{"same_operands", 6}, {"same_operands", 7}, {"same_operands", 10}}));
}

// ---------------------------------------------------------------- comments and docstrings

TEST(Comments, FoundOutsideStringsOnly) {
    ws::SourceFile src("<test>", R"(# header
x = "# not a comment"  # trailing
s = """
# inside a string
"""
y = 1  # after a multi-line string

   # indented, alone
z = f'{x}#'
)");
    EXPECT_EQ(comment_lines(src), (std::vector<int>{1, 2, 6, 8}));
}

// Without quotes every '#' starts a comment (found without the lexer); without '#' there is none.
TEST(Comments, PlainTextAndNone) {
    ws::SourceFile plain("<test>", "# header\nx = 1  # trailing\n\n   # indented ## twice\ny = x\n#");
    EXPECT_EQ(comment_lines(plain), (std::vector<int>{1, 2, 4, 6}));
    ws::SourceFile none("<test>", "x = 1\ns = 'text'\n");
    EXPECT_TRUE(comment_lines(none).empty());
}

TEST(Comments, DocstringsAndTheirFirstParagraph) {
    const FileReport r = analyze_text(R"("""Module docstring."""
import warp as wp


# Scales values.
@wp.kernel
def documented(a: wp.array(dtype=float)):
    """Scales every value
    of `a`   by two.

    More details here.
    """
    a[0] = 2.0 * a[0]


@wp.kernel
def commented(a: wp.array(dtype=float)):
    a[0] = 1.0  # set


x = 1  # not about a kernel

@wp.kernel
def bare(a: wp.array(dtype=float)):
    a[0] = 0.0
)");
    EXPECT_TRUE(r.module_docstring);
    EXPECT_EQ(r.comment_lines, 3);
    ASSERT_EQ(r.functions.size(), 3u);
    EXPECT_TRUE(r.functions[0].docstring);
    EXPECT_EQ(r.functions[0].comment_lines, 1); // the line right above the decorator
    EXPECT_FALSE(r.functions[1].docstring);
    EXPECT_EQ(r.functions[1].comment_lines, 1); // inside
    EXPECT_EQ(r.functions[2].comment_lines, 0); // `x = 1  # ...` is code, with a blank line between
    EXPECT_FALSE(r.functions[2].documented());
    const HealthCounts c = health_counts(r);
    EXPECT_EQ(c.kernels_with_docstring, 1u);
    EXPECT_EQ(c.kernels_documented, 2u);
    EXPECT_EQ(c.files_documented, 1u);

    EXPECT_EQ(first_paragraph("Scales every value\n    of `a`   by two.\n\n    More details here.\n    "),
              "Scales every value of `a` by two.");
    EXPECT_EQ(first_paragraph("\n\n  Leading blank lines.\n  \n  Second."), "Leading blank lines.");
    EXPECT_EQ(first_paragraph(""), "");
}

// ---------------------------------------------------------------- shape

TEST(Shape, ParameterAnnotations) {
    const FunctionReport f = only_function(analyze_text(R"(import warp as wp
from typing import Literal


@wp.kernel
def k(
    a: wp.array(dtype=float),
    b: wp.array(dtype=wp.vec3, ndim=2),
    c: wp.array2d(dtype=wp.float32),
    d: wp.array[wp.vec3],
    e: wp.array3d[float],
    f: wp.array[float, Literal[2]],
    s: float,
    m: wp.mat33,
    u,
):
    pass
)"));
    struct Want {
        const char* style;
        int ndim;
        const char* dtype;
    };
    const std::vector<Want> want = {{"wp.array(dtype=T)", 1, "float"},
                                    {"wp.array(dtype=T, ndim=N)", 2, "wp.vec3"},
                                    {"wp.array2d(dtype=T)", 2, "wp.float32"},
                                    {"wp.array[T]", 1, "wp.vec3"},
                                    {"wp.array3d[T]", 3, "float"},
                                    {"wp.array[T, N]", 2, "float"},
                                    {"value", 0, "float"},
                                    {"value", 0, "wp.mat33"},
                                    {"none", 0, ""}};
    ASSERT_EQ(f.params.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(f.params[i].style, want[i].style) << f.params[i].name;
        EXPECT_EQ(f.params[i].ndim, want[i].ndim) << f.params[i].name;
        EXPECT_EQ(f.params[i].dtype, want[i].dtype) << f.params[i].name;
        EXPECT_EQ(f.params[i].is_array, i < 6) << f.params[i].name;
    }
}

TEST(Shape, BodyContents) {
    const FileReport r = analyze_text(R"(import warp as wp

N = 4
SCALE = wp.constant(2.0)
NAME = "not a number"


@wp.func
def twice(x: float):
    return x * SCALE


@wp.kernel
def k(a: wp.array(dtype=float), counts: wp.array(dtype=int), n: int):
    """Docstring: not a statement here."""
    i = wp.tid()
    v = wp.vec3()
    for j in range(N):
        v[0] += wp.sin(a[j])
    for j2 in range(wp.static(3)):
        a[j2] = wp.sin(a[j2])
    for j3 in range(n):
        a[j3] = twice(a[j3])
    for j4 in range(0, n, 2):
        a[j4] = float(j4)
    while n > 0:
        n -= 1
    if a[i] > 0.0:
        wp.atomic_add(counts, 0, 1)
    elif a[i] < 0.0:
        counts[1] += 1
    a[i] = 1.0 if i > 2 else 0.0
)");
    ASSERT_EQ(r.functions.size(), 2u);
    EXPECT_EQ(r.module_constants, 2); // N and SCALE; NAME is a string
    const BodyShape& s = r.functions[1].shape;
    // i, v, 4 fors with their bodies (8), while + its body (2), if, atomic call, elif, +=,
    // the final assignment: 2 + 8 + 2 + 4 + 1 = 17 (the docstring is not counted).
    EXPECT_EQ(s.statements, 17);
    EXPECT_EQ(s.for_constant, 2); // range(N), range(wp.static(3))
    EXPECT_EQ(s.for_dynamic, 2);  // range(n), range(0, n, 2)
    EXPECT_EQ(s.for_other, 0);
    EXPECT_EQ(s.while_loops, 1);
    EXPECT_EQ(s.branches, 2); // if and elif
    EXPECT_EQ(s.conditional_expressions, 1);
    // `v[0] += ...` updates a local vector, `counts[1] += 1` an array parameter (atomic).
    EXPECT_EQ(s.atomics, (std::map<std::string, int>{{"a[i] +=", 1}, {"wp.atomic_add", 1}}));
    EXPECT_EQ(s.builtin_calls, (std::map<std::string, int>{{"float", 1},
                                                           {"range", 4},
                                                           {"wp.atomic_add", 1},
                                                           {"wp.sin", 2},
                                                           {"wp.static", 1},
                                                           {"wp.tid", 1},
                                                           {"wp.vec3", 1}}));
    EXPECT_EQ(s.helpers_called, (std::set<std::string>{"twice"}));
    EXPECT_EQ(s.constants_read, (std::set<std::string>{"N"}));
    EXPECT_EQ(r.functions[0].shape.constants_read, (std::set<std::string>{"SCALE"}));
}

// ---------------------------------------------------------------- files, counts, summary

TEST(Health, UnparsedFilesAreCountedNotAnalysed) {
    const FileReport r = analyze("<bad>", "def broken(:\n");
    EXPECT_FALSE(r.parsed());
    EXPECT_NE(r.error.find("<bad>:1:"), std::string::npos) << r.error;
    const HealthCounts c = health_counts(r);
    EXPECT_EQ(c.files, 1u);
    EXPECT_EQ(c.unparsed_files, 1u);
    EXPECT_EQ(c.kernels, 0u);
}

TEST(Health, CountsAndRatesAddUp) {
    const std::string a = R"(import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), unused: float):
    i = wp.tid()
    dead = x[i] - x[i]
    x[i] = 0.0
)";
    const std::string b = R"(import warp as wp


@wp.func
def h(p: float, q: float):
    return p


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = h(x[i], 1.0)
)";
    HealthCounts total = health_counts(a);
    total += health_counts(b);
    EXPECT_EQ(total.files, 2u);
    EXPECT_EQ(total.kernels, 2u);
    EXPECT_EQ(total.helpers, 1u);
    EXPECT_EQ(total.assigned_names, 3u); // i, dead; i
    EXPECT_EQ(total.dead_stores, 1u);
    EXPECT_EQ(total.files_with_dead_store, 1u);
    EXPECT_EQ(total.kernel_params, 3u);
    EXPECT_EQ(total.unused_kernel_params, 1u);
    EXPECT_EQ(total.helper_params, 2u);
    EXPECT_EQ(total.ignored_helper_params, 1u);
    EXPECT_EQ(total.degenerate_total(), 1u);
    nlohmann::json j = total;
    EXPECT_DOUBLE_EQ(j.at("dead_store_rate").get<double>(), 0.333333);
    EXPECT_DOUBLE_EQ(j.at("unused_kernel_param_rate").get<double>(), 0.333333);
    EXPECT_DOUBLE_EQ(j.at("ignored_helper_param_rate").get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(j.at("degenerate_per_file").get<double>(), 0.5);
    EXPECT_EQ(j.at("degenerate_by_kind").at("same_operands"), 1);
    EXPECT_EQ(j.at("files_documented"), 0);
}

TEST(Summary, DistributionsPerKernelAndPerFile) {
    Summary s;
    s.add(analyze_text(R"(import warp as wp


@wp.func
def h(p: float):
    return p


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array2d(dtype=wp.vec3)):
    i = wp.tid()
    x[i] = h(wp.sin(x[i]))
)"));
    const nlohmann::json j = s.to_json();
    const nlohmann::json& d = j.at("distributions");
    EXPECT_EQ(d.at("statements_per_kernel").at("counts"), (nlohmann::json{{"2", 1}}));
    EXPECT_EQ(d.at("builtin_calls_per_kernel").at("counts"), (nlohmann::json{{"2", 1}})); // tid, sin
    EXPECT_EQ(d.at("annotation_styles").at("counts"),
              (nlohmann::json{{"wp.array(dtype=T)", 1}, {"wp.array2d(dtype=T)", 1}}));
    EXPECT_EQ(d.at("array_ndim").at("counts"), (nlohmann::json{{"1", 1}, {"2", 1}}));
    EXPECT_EQ(d.at("array_dtypes").at("counts"), (nlohmann::json{{"float", 1}, {"wp.vec3", 1}}));
    EXPECT_EQ(d.at("helpers_per_file").at("counts"), (nlohmann::json{{"1", 1}}));
    EXPECT_EQ(d.at("helpers_called_per_kernel").at("counts"), (nlohmann::json{{"1", 1}}));
    EXPECT_EQ(d.at("array_ndim").at("unit"), "array parameter");
    EXPECT_EQ(j.at("code_health").at("kernels"), 1);
}
