// Unit tests of the kernel synthesizer: determinism, category coverage,
// feature tags against the text, launch specs against the kernel signature,
// the statistics helpers, the builtin catalogue and the idiom library.
#include "analysis/health.h"
#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"
#include "synth/describe.h"
#include "synth/idiom.h"
#include "synth/instance.h"
#include "synth/library.h"
#include "synth/names.h"
#include "synth/policy.h"
#include "synth/pytext.h"
#include "synth/rng.h"
#include "synth/roles.h"
#include "synth/stats.h"
#include "synth/synth.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace ws::synth {
namespace {

// How many kernels a loop below synthesizes: a quarter under the sanitizers
// (WS_SANITIZED), where the synthesizer and its probe run about 40 times
// slower; memory errors show on the smaller sample as well.
#ifdef WS_SANITIZED
constexpr uint64_t kSampleDivisor = 4;
#else
constexpr uint64_t kSampleDivisor = 1;
#endif
constexpr uint64_t sample(uint64_t n) {
    return n / kSampleDivisor;
}

SynthOptions options(uint64_t seed, std::vector<Category> cats = {}) {
    SynthOptions o;
    o.seed = seed;
    o.categories = std::move(cats);
    return o;
}

bool same(const SynthKernel& a, const SynthKernel& b) {
    if (a.python_source != b.python_source || a.kernel_name != b.kernel_name || a.category != b.category ||
        a.features != b.features || a.launch.dim != b.launch.dim ||
        a.launch.args.size() != b.launch.args.size())
        return false;
    for (size_t i = 0; i < a.launch.args.size(); ++i) {
        const auto &x = a.launch.args[i], &y = b.launch.args[i];
        if (x.name != y.name || x.type != y.type || x.shape != y.shape || x.min_value != y.min_value ||
            x.max_value != y.max_value || x.is_output != y.is_output)
            return false;
    }
    return true;
}

TEST(SynthRng, FirstOutputIsTheGeneratorsFirst) {
    for (uint64_t seed :
         {uint64_t{0}, uint64_t{1}, uint64_t{42}, ~uint64_t{0}, uint64_t{0x9E3779B97F4A7C15ull}})
        EXPECT_EQ(ws::synth::Rng::first_output(seed), ws::synth::Rng(seed).next());
    for (uint64_t k = 0; k < 1000; ++k) {
        const uint64_t seed = ws::synth::hash_combine(k, 7);
        EXPECT_EQ(ws::synth::Rng::first_output(seed), ws::synth::Rng(seed).next());
    }
}

TEST(SynthDeterminism, SameSeedSameKernel) {
    for (uint64_t i = 0; i < sample(200); ++i) {
        const SynthKernel a = synthesize(options(42), i), b = synthesize(options(42), i);
        ASSERT_TRUE(same(a, b)) << "index " << i;
    }
}

TEST(SynthDeterminism, SeedsAndIndicesDiffer) {
    std::set<std::string> texts;
    for (uint64_t i = 0; i < 100; ++i) {
        texts.insert(synthesize(options(1), i).python_source);
        texts.insert(synthesize(options(2), i).python_source);
    }
    EXPECT_EQ(texts.size(), 200u);
}

TEST(SynthDeterminism, ThreadCountDoesNotMatter) {
    constexpr uint64_t n = 240;
    std::vector<SynthKernel> serial(n), parallel(n);
    for (uint64_t i = 0; i < n; ++i) serial[i] = synthesize(options(7), i);
    // Four threads taking indices in an interleaved, racy order.
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < 4; ++t)
        pool.emplace_back([&, t]() {
            for (uint64_t i = n - 1 - t; i < n; i -= 4) {
                parallel[i] = synthesize(options(7), i);
                if (i < 4) break;
            }
        });
    for (auto& th : pool) th.join();
    for (uint64_t i = 0; i < n; ++i) ASSERT_TRUE(same(serial[i], parallel[i])) << "index " << i;
}

// Known output of the first kernels of seed 0: the generator must not depend
// on the machine (no std:: distributions, no floating-point formatting).
TEST(SynthDeterminism, StableAcrossBuilds) {
    const SynthKernel k = synthesize(options(0), 0);
    EXPECT_FALSE(k.python_source.empty());
    EXPECT_EQ(k.python_source, synthesize(options(0), 0).python_source);
    EXPECT_NE(kernel_seed(0, 0), kernel_seed(0, 1));
    EXPECT_NE(kernel_seed(0, 0), kernel_seed(1, 0));
}

TEST(SynthCategories, EveryCategoryProducesKernels) {
    for (Category c : all_categories()) {
        for (uint64_t i = 0; i < 30; ++i) {
            const SynthKernel k = synthesize(options(3, {c}), i);
            ASSERT_EQ(k.category, c);
            ASSERT_NE(k.python_source.find("@wp.kernel"), std::string::npos);
            ASSERT_NE(k.python_source.find("wp.tid()"), std::string::npos);
        }
        EXPECT_FALSE(category_definition(c).empty());
        Category back;
        ASSERT_TRUE(category_from_name(category_name(c), back));
        EXPECT_EQ(back, c);
    }
    EXPECT_GE(all_categories().size(), 12u);
}

TEST(SynthCategories, DefaultStreamIsEven) {
    std::map<Category, int> counts;
    constexpr uint64_t n = sample(6000);
    for (uint64_t i = 0; i < n; ++i) ++counts[synthesize(options(5), i).category];
    // The opt-in tiles category is drawn only when asked for.
    EXPECT_EQ(counts[Category::Tiles], 0);
    EXPECT_EQ(default_categories().size() + 1, all_categories().size());
    const double even = static_cast<double>(n) / static_cast<double>(default_categories().size());
    for (Category c : default_categories()) {
        EXPECT_GT(counts[c], 0.8 * even) << category_name(c);
        EXPECT_LT(counts[c], 1.2 * even) << category_name(c);
    }
}

TEST(SynthFeatures, CallTagsAreTheBuiltinsCalled) {
    for (uint64_t i = 0; i < sample(600); ++i) {
        const SynthKernel k = synthesize(options(11), i);
        std::set<std::string> calls;
        for (const auto& f : k.features)
            if (f.starts_with("call:")) calls.insert(f.substr(5));
        const auto used = builtins_used(k.python_source);
        EXPECT_EQ(calls, std::set<std::string>(used.begin(), used.end())) << k.python_source;
    }
}

TEST(SynthDescription, EveryKernelHasOne) {
    for (uint64_t i = 0; i < sample(600); ++i) {
        const SynthKernel k = synthesize(options(19), i);
        ASSERT_FALSE(k.description.empty()) << k.python_source;
        EXPECT_TRUE(k.description.ends_with(".")) << k.description;
        size_t sentences = 1;
        for (size_t p = k.description.find(". "); p != std::string::npos; p = k.description.find(". ", p + 1))
            ++sentences;
        EXPECT_LE(sentences, 3u) << k.description;
        EXPECT_EQ(k.description.find('{'), std::string::npos) << k.description;
    }
}

// Helpers take the RNG state by value: a draw in a @wp.func would not advance
// the kernel's state, so draws stay in the kernel.
TEST(SynthRandom, HelpersDoNotDraw) {
    size_t with_rng = 0;
    for (uint64_t i = 0; i < sample(300); ++i) {
        const SynthKernel k = synthesize(options(23, {Category::Random, Category::Functions}), i);
        const std::string module = k.python_source.substr(0, k.python_source.find("@wp.kernel"));
        if (k.python_source.find("wp.rand_init") != std::string::npos) ++with_rng;
        for (const char* draw : {"wp.rand", "wp.sample_", "wp.poisson"})
            EXPECT_EQ(module.find(draw), std::string::npos) << k.python_source;
    }
    EXPECT_GT(with_rng, sample(300) / 6);
}

// A comment is the phrase in the imperative: "normalizes" -> "normalize", "pushes" -> "push".
TEST(SynthDescription, CommentsUseTheImperative) {
    const auto comment_of = [](std::string_view id) {
        const Idiom* idiom = Library::get().find(id);
        EXPECT_NE(idiom, nullptr) << id;
        Plan plan;
        Node n;
        n.idiom = idiom;
        for (size_t i = 0; i < idiom->inputs.size() + idiom->outputs.size(); ++i) {
            Value v;
            v.noun = "the value";
            plan.graph.values.push_back(v);
            (i < idiom->inputs.size() ? n.inputs : n.outputs).push_back(static_cast<int>(i));
        }
        plan.graph.nodes.push_back(n);
        return comment_text(plan, 0);
    };
    EXPECT_TRUE(comment_of("vec_normalize").starts_with("normalize ")) << comment_of("vec_normalize");
    EXPECT_TRUE(comment_of("sphere_pushout").starts_with("push ")) << comment_of("sphere_pushout");
    EXPECT_TRUE(comment_of("sgd_step").starts_with("take ")) << comment_of("sgd_step");
}

// ---------------------------------------------------------------- the idiom library

TEST(IdiomLibrary, EverySpecParsesAndChecks) {
    ASSERT_NO_THROW(Library::get());
    EXPECT_GE(Library::get().all().size(), 80u);
}

TEST(IdiomLibrary, RolesAreInTheTables) {
    for (const Idiom& i : Library::get().all()) {
        for (const Port& p : i.inputs)
            EXPECT_NE(find_role(p.role), nullptr) << i.id() << ": role '" << p.role << "'";
        for (const Port& p : i.outputs) {
            if (!p.role.starts_with('^')) {
                EXPECT_NE(find_role(p.role), nullptr) << i.id() << ": role '" << p.role << "'";
            }
        }
    }
}

TEST(IdiomLibrary, NamesAreNotReserved) {
    for (const Idiom& i : Library::get().all()) {
        for (const Port& p : i.inputs) EXPECT_FALSE(is_reserved_name(p.name)) << i.id() << ": " << p.name;
        for (const Port& p : i.outputs) EXPECT_FALSE(is_reserved_name(p.name)) << i.id() << ": " << p.name;
        for (const auto& t : i.temps) EXPECT_FALSE(is_reserved_name(t)) << i.id() << ": $" << t;
        for (const auto& [key, words] : i.names)
            for (const auto& w : words) EXPECT_FALSE(is_reserved_name(w)) << i.id() << ": " << w;
    }
}

IdiomSpec spec(std::string_view sig, std::string_view body) {
    return IdiomSpec{"test_idiom", Domain::Math, sig, body, "does {x}"};
}

TEST(IdiomParse, RejectsBadSpecs) {
    const std::pair<IdiomSpec, std::string_view> bad[] = {
        {spec("x: F value, y: F value -> z: F value", "{x} * 2.0"), "never read"},
        {spec("x: F value -> z: F value, w: F value", "{z} = {x}"), "never assigned"},
        {spec("x: F value -> z: F value", "{z} = $t + {x}\n$t = 1.0"), "before it is assigned"},
        {spec("x: F value -> z: F value", "{z} = {q}"), "unknown port"},
        {spec("x: F value =1.0 -> z: F value", "{x}"), "default needs"},
        {spec("x: Z value -> z: F value", "{x}"), "unknown type"},
        {spec("x: F value -> z: F ^q", "{x}"), "unknown input"},
        {spec("x: F value -> z: F value", "$t = {x}\n{z} = {x}"), "never read"},
        {spec("x: F -> z: F value", "{x}"), "no role"},
        {spec("x: Fz value -> z: F value", "{x}"), "z is a fact of outputs"},
        {spec("x: F value -> z: F>1 value", "{x}"), ">K is a requirement of inputs"},
        {spec("x: Fo value -> z: F value", "{x}"), "o is a fact of outputs"},
        {spec("x: M33S matrix -> z: M33 matrix", "{x}"), "S is a fact of outputs"},
        {spec("x: F value -> z: FZ value", "{x}"), "Z needs the role ^x"},
        {spec("x: Fn value -> z: F value", "{x}"), "n is a fact of outputs"},
        {spec("x: F value -> z: F!o value", "{x}"), "!o is a requirement of inputs"},
        {spec("x: F!q value -> z: F value", "{x}"), "unknown refusal"},
        {spec("m: H mesh, x: V3 point -> z: V3 point", "wp.mesh_get_point({m}, 0) + {x}"),
         "an id (H) is uniform"},
        {spec("m: H # mesh, x: V3 point -> z: V3 point", "wp.mesh_get_point({m}, 0) + {x}"),
         "is a query (kQuery)"},
    };
    for (const auto& [s, message] : bad) {
        try {
            parse_idiom(s);
            ADD_FAILURE() << "accepted: " << s.sig << " / " << s.body;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

TEST(IdiomParse, PortsTypesAndFacts) {
    const IdiomSpec s =
        spec("x: F+~8 value, k: F # scale =2.0, n: I[0,9] index -> y: F01~x*k+1 ^x, c: B condition",
             "{y} = {x} * {k} + float({n})\n{c} = {y} > 0.5");
    const Idiom i = parse_idiom(s);
    ASSERT_EQ(i.inputs.size(), 3u);
    EXPECT_TRUE(i.inputs[0].facts.positive);
    EXPECT_DOUBLE_EQ(i.inputs[0].max_abs, 8.0);
    EXPECT_TRUE(i.inputs[1].uniform);
    EXPECT_EQ(i.inputs[1].default_value, "2.0");
    EXPECT_EQ(i.inputs[1].role, "scale");
    EXPECT_TRUE(i.inputs[2].facts.has_range);
    EXPECT_EQ(i.inputs[2].facts.hi, 9);
    EXPECT_EQ(i.outputs[0].role, "^x");
    EXPECT_TRUE(i.outputs[0].facts.unit01);
    ASSERT_EQ(i.outputs[0].bound.size(), 2u);
    EXPECT_EQ(i.outputs[0].bound[0].inputs, (std::vector<int>{0, 1}));
    EXPECT_DOUBLE_EQ(i.outputs[0].bound[1].coeff, 1.0);
    EXPECT_FALSE(i.expression);

    const IdiomSpec r = spec("x: F0+>2~1000 value -> y: F0+z~x ^x", "wp.max({x} - 1.0, 0.0)");
    const Idiom j = parse_idiom(r);
    EXPECT_DOUBLE_EQ(j.inputs[0].min_mag, 2.0);
    EXPECT_DOUBLE_EQ(j.inputs[0].max_abs, 1000.0);
    EXPECT_TRUE(j.inputs[0].facts.nonneg);
    EXPECT_TRUE(j.outputs[0].facts.often_zero);
    EXPECT_FALSE(j.outputs[0].facts.whole);
}

// An exponential's value (about 1 or more) never feeds a test against a small
// threshold: the test would always pass.
TEST(IdiomParse, OffsetValuesAreRefusedByThresholdTests) {
    const Idiom e = parse_idiom(spec("x: F~2 value -> y: F+o~8 value", "wp.exp({x})"));
    const Idiom t = parse_idiom(spec("x: F!o value -> c: B condition", "{x} > 0.25"));
    EXPECT_TRUE(e.outputs[0].facts.offset);
    EXPECT_TRUE(t.inputs[0].facts.not_offset);
    EXPECT_FALSE(e.outputs[0].facts.satisfies(t.inputs[0].facts));
    EXPECT_TRUE(Facts{}.satisfies(t.inputs[0].facts));

    const Idiom m = parse_idiom(spec("d: F!0+ signed distance -> m: F01w weight", "wp.step({d})"));
    EXPECT_TRUE(m.inputs[0].facts.not_nonneg);
    EXPECT_FALSE(e.outputs[0].facts.satisfies(m.inputs[0].facts)); // positive, hence non-negative
}

std::string bind_expr(std::string_view sig, std::string_view body, std::vector<std::string> inputs) {
    static std::vector<IdiomSpec> keep;
    keep.push_back(spec(sig, body));
    const Idiom i = parse_idiom(keep.back());
    Binding b;
    b.inputs = std::move(inputs);
    return render_expression(i, b, Scalar::F32);
}

TEST(IdiomRender, ParenthesesFollowPrecedence) {
    const char* two = "a: F value, b: F value -> c: F value";
    EXPECT_EQ(bind_expr(two, "{a} * {b}", {"x + y", "z"}), "(x + y) * z");
    EXPECT_EQ(bind_expr(two, "{a} - {b}", {"x * y", "u - v"}), "x * y - (u - v)");
    EXPECT_EQ(bind_expr(two, "{a} + {b}", {"x - y", "u * v"}), "x - y + u * v");
    EXPECT_EQ(bind_expr(two, "wp.max({a}, {b})", {"x - y", "-u"}), "wp.max(x - y, -u)");
    EXPECT_EQ(bind_expr(two, "-{a} * {b}", {"x * y", "z"}), "-(x * y) * z");
    EXPECT_EQ(bind_expr(two, "{a} ** {b}", {"x * y", "2.0"}), "(x * y) ** 2.0");
    EXPECT_EQ(bind_expr(two, "{a} > {b}", {"x + y", "z"}), "x + y > z");
    EXPECT_EQ(bind_expr("a: V3 vector, b: F value -> c: F value", "{a}[0] * {b}", {"p - q", "s"}),
              "(p - q)[0] * s");
    // An exponent's sign is part of its literal, not a subtraction.
    EXPECT_EQ(bind_expr(two, "{a} * {b}", {"x", "1.0e-6"}), "x * 1.0e-6");
    EXPECT_EQ(bind_expr(two, "{a} * {b}", {"x", "wp.float64(2.5E+3)"}), "x * wp.float64(2.5E+3)");
    EXPECT_EQ(bind_expr(two, "{a} * {b}", {"x", "e - 1.0"}), "x * (e - 1.0)");
    EXPECT_EQ(bind_expr(two, "{a} * {b}", {"x", "0x1E-k"}), "x * (0x1E-k)");
}

TEST(Retarget, Float32CodeBecomesFloat64) {
    auto f64 = [](std::string s) { return retarget({{std::move(s), false}}, Scalar::F64); };
    EXPECT_EQ(f64("float(i) * 0.5"), "wp.float64(i) * wp.float64(0.5)");
    EXPECT_EQ(f64("wp.vec3(1.0, 0.0, 2.0) * 1.0e-6"), "wp.vec3d(1.0, 0.0, 2.0) * wp.float64(1.0e-6)");
    EXPECT_EQ(f64("wp.quat_identity()"), "wp.quat_identity(dtype=wp.float64)");
    EXPECT_EQ(f64("wp.constant(-0.5)"), "wp.constant(wp.float64(-0.5))");
    EXPECT_EQ(f64("x - 1.0"), "x - wp.float64(1.0)");
    EXPECT_EQ(f64("wp.identity(n=3, dtype=float) * 2.0"),
              "wp.identity(n=3, dtype=wp.float64) * wp.float64(2.0)");
    EXPECT_EQ(f64("wp.quat_rotate(q, v) + wp.mat33(0.0)"), "wp.quat_rotate(q, v) + wp.mat33d(0.0)");
    EXPECT_EQ(f64("x[2] + 3"), "x[2] + 3");
    EXPECT_EQ(f64("wp.vec3(1.0 - x, 0.0, -2.0)"), "wp.vec3d(wp.float64(1.0) - x, 0.0, -2.0)");
    EXPECT_EQ(f64("x / wp.pi + wp.vec2(wp.tau, 0.5 * wp.pi)"),
              "x / wp.float64(wp.pi) + wp.vec2d(wp.tau, wp.float64(0.5) * wp.float64(wp.pi))");
    EXPECT_EQ(retarget({{"float(x) * 0.5", false}}, Scalar::F32), "float(x) * 0.5");
    EXPECT_EQ(retarget({{"0.5 * ", false}, {"y", true}}, Scalar::F64), "wp.float64(0.5) * y");
}

// The kernel's parameters, parsed back from the text: name and annotation.
std::vector<std::pair<std::string, std::string>> kernel_params(const std::string& src) {
    const size_t at = src.find("@wp.kernel\ndef ");
    const size_t open = src.find('(', at);
    // The parameter list ends at the `):` closing the def line(s).
    const size_t close = src.find("):\n", open);
    const std::string list = src.substr(open + 1, close - open - 1);
    std::vector<std::pair<std::string, std::string>> out;
    int depth = 0;
    std::string cur;
    auto flush = [&]() {
        const auto b = cur.find_first_not_of(" \n,");
        if (b == std::string::npos) return;
        cur = cur.substr(b);
        while (!cur.empty() && (cur.back() == ' ' || cur.back() == '\n' || cur.back() == ',')) cur.pop_back();
        const auto colon = cur.find(": ");
        out.emplace_back(cur.substr(0, colon), cur.substr(colon + 2));
        cur.clear();
    };
    for (char c : list) {
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (c == ',' && depth == 0)
            flush();
        else
            cur += c;
    }
    flush();
    return out;
}

int annotation_ndim(const std::string& ann) {
    std::smatch m;
    if (std::regex_search(ann, m, std::regex(R"(ndim=(\d))"))) return std::stoi(m[1]);
    if (std::regex_search(ann, m, std::regex(R"(^wp\.array(\d)d[\(\[])"))) return std::stoi(m[1]);
    if (ann.starts_with("wp.array(") || ann.starts_with("wp.array[")) return 1;
    return 0;
}

TEST(SynthLaunch, SpecMatchesSignature) {
    for (uint64_t i = 0; i < sample(600); ++i) {
        const SynthKernel k = synthesize(options(13), i);
        const auto params = kernel_params(k.python_source);
        ASSERT_EQ(params.size(), k.launch.args.size()) << k.python_source;
        for (size_t p = 0; p < params.size(); ++p) {
            const ArgSpec& a = k.launch.args[p];
            EXPECT_EQ(params[p].first, a.name);
            EXPECT_EQ(params[p].second, a.type);
            EXPECT_EQ(static_cast<size_t>(annotation_ndim(a.type)), a.shape.size()) << a.type;
            for (int64_t s : a.shape) EXPECT_GE(s, 1);
            EXPECT_LE(a.min_value, a.max_value);
        }
        // The launch grid has one dimension per tid.
        std::smatch m;
        ASSERT_TRUE(std::regex_search(k.python_source, m, std::regex(R"(\n    ([\w, ]+) = wp\.tid\(\))")));
        const std::string lhs = m[1].str();
        const size_t tids = static_cast<size_t>(std::count(lhs.begin(), lhs.end(), ',')) + 1;
        EXPECT_EQ(tids, k.launch.dim.size());
        for (int64_t d : k.launch.dim) EXPECT_GE(d, 1);
    }
}

// ---------------------------------------------------------------- spatial queries

bool calls(const std::vector<std::string>& features, std::string_view prefix) {
    return std::any_of(features.begin(), features.end(),
                       [&](const std::string& f) { return f.starts_with("call:" + std::string(prefix)); });
}

bool calls(const SynthKernel& k, std::string_view prefix) {
    return calls(k.features, prefix);
}

bool queries_an_object(const std::vector<std::string>& features) {
    for (const char* family : {"wp.mesh_", "wp.bvh_", "wp.hash_grid_", "wp.volume_"})
        if (calls(features, family)) return true;
    return false;
}

// Every spatial kernel queries a mesh, BVH, hash grid or volume through a wp.uint64 parameter;
// together they use every kind of query; no other category queries anything.
TEST(SynthSpatial, KernelsQueryWarpObjectsById) {
    std::set<std::string> seen;
    // All 400 under the sanitizers too: the coverage check below needs them (a quarter missed
    // bvh_query_ray), and spatial kernels alone are quick to make.
    for (uint64_t i = 0; i < 400; ++i) {
        const SynthKernel k = synthesize(options(29, {Category::Spatial}), i);
        ASSERT_TRUE(queries_an_object(k.features)) << k.python_source;
        const auto ids = std::count_if(k.launch.args.begin(), k.launch.args.end(),
                                       [](const ArgSpec& a) { return a.type == "wp.uint64"; });
        EXPECT_GE(ids, 1) << k.python_source;
        for (const ArgSpec& a : k.launch.args) {
            if (a.type == "wp.uint64") {
                EXPECT_TRUE(a.shape.empty() && !a.is_output) << a.name;
            }
        }
        for (const std::string& f : k.features)
            if (queries_an_object({f})) seen.insert(f.substr(5));
    }
    for (const char* b : {"wp.hash_grid_query", "wp.hash_grid_point_id", "wp.hash_grid_query_next",
                          "wp.bvh_query_aabb", "wp.bvh_query_sphere", "wp.bvh_query_ray", "wp.bvh_query_next",
                          "wp.mesh_query_point_sign_normal", "wp.mesh_eval_position", "wp.mesh_query_ray",
                          "wp.volume_world_to_index", "wp.volume_sample_f", "wp.volume_sample_grad_f"})
        EXPECT_TRUE(seen.count(b)) << b << " never written";
    for (uint64_t i = 0; i < sample(600); ++i) {
        const SynthKernel k = synthesize(options(31), i);
        if (k.category != Category::Spatial) {
            EXPECT_FALSE(queries_an_object(k.features)) << k.python_source;
        }
    }
}

// A query loop indexes arrays with the candidates it returns: a hash grid's and a BVH's over the
// thread's own elements (arrays of the launch's extent), a ray BVH's over its items (arrays of
// the items' extent); everything else is read at the thread's own element.
TEST(SynthSpatial, CandidateIndicesStayInBounds) {
    size_t loops = 0;
    for (uint64_t i = 0; i < sample(300); ++i) {
        const SynthKernel k = synthesize(options(37, {Category::Spatial}), i);
        std::smatch m;
        const std::regex loop(
            R"(\n *(?:for (\w+) in |while wp\.(?:hash_grid|bvh)_query_next\(\w+, (\w+)\)))");
        if (!calls(k, "wp.hash_grid_query") && !calls(k, "wp.bvh_query")) continue;
        const std::string kernel = k.python_source.substr(k.python_source.find("@wp.kernel"));
        ASSERT_TRUE(std::regex_search(kernel, m, loop)) << k.python_source;
        ++loops;
        const std::string j = m[1].matched ? m[1].str() : m[2].str();
        const bool rays = calls(k, "wp.bvh_query_ray");
        std::set<std::string> at_candidate;
        const std::regex read("(\\w+)\\[" + j + "\\]");
        for (auto it = std::sregex_iterator(k.python_source.begin(), k.python_source.end(), read);
             it != std::sregex_iterator(); ++it)
            at_candidate.insert((*it)[1].str());
        for (const ArgSpec& a : k.launch.args) {
            if (a.shape.empty()) continue;
            ASSERT_EQ(a.shape.size(), 1u) << a.name;
            if (!rays || !at_candidate.count(a.name)) {
                EXPECT_EQ(a.shape[0], k.launch.dim[0]) << a.name << "\n" << k.python_source;
            }
            if (!rays) {
                EXPECT_FALSE(a.is_output && at_candidate.count(a.name)) << a.name;
            }
        }
        if (rays) {
            EXPECT_FALSE(at_candidate.empty()) << k.python_source;
        }
    }
    EXPECT_GT(loops, sample(300) / 4);
}

// ---------------------------------------------------------------- tile kernels

// Tile kernels are launched with wp.launch_tiled: a block_dim Warp accepts (256 for FFTs, whose
// code depends on it), one launch dimension per wp.tid() value, a spec per parameter; every
// family is drawn; the code-health analysis finds nothing; the same seed gives the same kernel.
TEST(SynthTiles, LaunchSpecFamiliesAndHealth) {
    std::set<std::string> seen;
    for (uint64_t i = 0; i < sample(400); ++i) {
        const SynthKernel k = synthesize(options(41, {Category::Tiles}), i);
        ASSERT_EQ(k.category, Category::Tiles);
        ASSERT_TRUE(same(k, synthesize(options(41, {Category::Tiles}), i))) << "index " << i;
        ASSERT_TRUE(k.launch.tiled()) << k.python_source;
        EXPECT_TRUE(k.launch.block_dim == 64 || k.launch.block_dim == 128 || k.launch.block_dim == 256);
        if (calls(k, "wp.tile_fft")) {
            EXPECT_EQ(k.launch.block_dim, 256);
        }
        const auto params = kernel_params(k.python_source);
        ASSERT_EQ(params.size(), k.launch.args.size()) << k.python_source;
        for (size_t p = 0; p < params.size(); ++p) {
            EXPECT_EQ(params[p].first, k.launch.args[p].name);
            EXPECT_EQ(params[p].second, k.launch.args[p].type);
            EXPECT_EQ(static_cast<size_t>(annotation_ndim(params[p].second)), k.launch.args[p].shape.size());
        }
        std::smatch m;
        ASSERT_TRUE(std::regex_search(k.python_source, m, std::regex(R"(\n    ([\w, ]+) = wp\.tid\(\))")));
        const std::string lhs = m[1].str();
        EXPECT_EQ(static_cast<size_t>(std::count(lhs.begin(), lhs.end(), ',')) + 1, k.launch.dim.size());
        const analysis::HealthCounts h = analysis::health_counts(k.python_source);
        EXPECT_EQ(h.unparsed_files + h.dead_stores + h.unused_kernel_params + h.ignored_helper_params +
                      h.degenerate_total(),
                  0u)
            << k.python_source;
        EXPECT_FALSE(k.description.empty());
        for (const char* b :
             {"wp.tile_matmul", "wp.tile_atomic_add", "wp.tile_reduce", "wp.tile_max", "wp.tile_view",
              "wp.tile_fft", "wp.tile_cholesky", "wp.tile_scan_inclusive", "wp.tile_sort",
              "wp.tile_transpose", "wp.tile_broadcast", "wp.tile_map", "wp.tile_arange"})
            if (calls(k, b)) seen.insert(b);
    }
    for (const char* b :
         {"wp.tile_matmul", "wp.tile_atomic_add", "wp.tile_reduce", "wp.tile_max", "wp.tile_view",
          "wp.tile_fft", "wp.tile_cholesky", "wp.tile_scan_inclusive", "wp.tile_sort", "wp.tile_transpose",
          "wp.tile_broadcast", "wp.tile_map", "wp.tile_arange"})
        EXPECT_TRUE(seen.count(b)) << b << " never written";
}

TEST(SynthStats, BuiltinsUsedSkipsAnnotationsAndModuleCode) {
    const std::string src =
        "import warp as wp\n\nC = wp.constant(wp.vec3(1.0, 2.0, 3.0))\n\n\n"
        "@wp.func\ndef h(v: wp.vec3, s: float = 1.0):\n    return wp.length(v) * float(s)\n\n\n"
        "@wp.kernel\ndef k(a: wp.array(dtype=wp.vec3), o: wp.array(dtype=float)):\n"
        "    i = wp.tid()\n    o[i] = h(a[i]) + min(1.0, wp.dot(a[i], C))\n";
    const auto used = builtins_used(src);
    EXPECT_EQ(used, (std::vector<std::string>{"float", "min", "wp.dot", "wp.length", "wp.tid"}));
}

TEST(SynthStats, AccumulatorAggregates) {
    StatsAccumulator acc, other;
    for (uint64_t i = 0; i < 50; ++i) {
        const SynthKernel k = synthesize(options(17), i);
        (i % 2 ? acc : other).add(category_name(k.category), k.python_source, 10);
    }
    acc.merge(other);
    EXPECT_EQ(acc.count(), 50u);
    uint64_t total = 0;
    for (const auto& r : acc.categories()) {
        total += r.count;
        EXPECT_GT(r.mean_python_lines, 5.0);
        EXPECT_DOUBLE_EQ(r.mean_cuda_lines, 10.0);
        EXPECT_LE(r.unique_structures, r.count);
    }
    EXPECT_EQ(total, 50u);
    EXPECT_GT(acc.catalogue_coverage(), 0.0);
    EXPECT_TRUE(acc.outside_catalogue().empty()) << acc.outside_catalogue().front();
}

// Every catalogue entry is something `import warp as wp` provides as a native
// builtin or a type warpsynth models (not one of Warp's Python @wp.func helpers).
TEST(SynthCatalogue, EntriesExistInWarp) {
    std::set<std::string_view> seen;
    for (const auto& e : builtin_catalogue()) {
        EXPECT_TRUE(seen.insert(e.name).second) << "duplicate " << e.name;
        if (!e.name.starts_with("wp.")) continue;
        const auto* entry = builtins::lookup("warp", e.name.substr(3));
        if (!entry) { // some builtins are registered but not module attributes (wp.identity)
            const auto* b = builtins::find(e.name.substr(3));
            ASSERT_NE(b, nullptr) << e.name;
            EXPECT_FALSE(b->python_defined) << e.name;
            continue;
        }
        EXPECT_NE(entry->kind, builtins::NamespaceKind::PythonFunc) << e.name;
        if (entry->kind == builtins::NamespaceKind::Builtin) {
            ASSERT_NE(entry->builtin, nullptr) << e.name;
            EXPECT_FALSE(entry->builtin->python_defined) << e.name;
        }
    }
}

TEST(SynthPolicy, KnobNamesAreUnique) {
    std::set<std::string_view> names;
    for (size_t k = 0; k < kKnobCount; ++k) EXPECT_TRUE(names.insert(knob_name(static_cast<Knob>(k))).second);
}

} // namespace
} // namespace ws::synth
