// Unit tests of the kernel synthesizer: determinism, category coverage,
// feature tags against the text, launch specs against the kernel signature,
// the statistics helpers and the builtin catalogue.
#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"
#include "synth/features.h"
#include "synth/policy.h"
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

TEST(SynthDeterminism, SameSeedSameKernel) {
    for (uint64_t i = 0; i < 200; ++i) {
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
    constexpr int n = 6000;
    for (int i = 0; i < n; ++i) ++counts[synthesize(options(5), static_cast<uint64_t>(i)).category];
    const double even = static_cast<double>(n) / static_cast<double>(all_categories().size());
    for (Category c : all_categories()) {
        EXPECT_GT(counts[c], 0.8 * even) << category_name(c);
        EXPECT_LT(counts[c], 1.2 * even) << category_name(c);
    }
}

// Tags that can be checked on the text: the tag is listed iff the text matches.
struct TextTag {
    const char* tag;
    const char* pattern;
    bool iff; // false: the tag implies the pattern (not the converse)
};
const TextTag kTextTags[] = {
    {"op_pow", R"(\*\*)", true},
    {"op_matmul", R"( @ )", true},
    {"op_floordiv", R"( // )", false},
    {"while", R"(\bwhile )", true},
    {"while_true", R"(\bwhile True:)", true},
    {"break", R"(\bbreak\b)", true},
    {"continue", R"(\bcontinue\b)", true},
    {"elif", R"(\belif )", true},
    {"else", R"(\belse:)", true},
    {"if", R"(\bif )", false},
    {"ternary", R"( if .* else )", false},
    {"tid1", R"(^    \w+ = wp\.tid\(\))", true},
    {"tid2", R"(^    \w+, \w+ = wp\.tid\(\))", true},
    {"tid3", R"(^    \w+, \w+, \w+ = wp\.tid\(\))", true},
    {"struct_def", R"(@wp\.struct)", true},
    {"func", R"(@wp\.func)", true},
    {"module_constant", R"(wp\.constant\()", false},
    {"array_shape", R"(\.shape\[)", false},
    {"range_negative_step", R"(range\(.*, -1\))", false},
    {"static_expr", R"(wp\.static\()", true},
    {"kernel_return", R"(^\s+return$)", false},
    {"aug_assign_array_atomic", R"(\]\s[+-]=)", false},
    {"literal_bool", R"(\b(True|False)\b)", false},
    {"func_default_arg", R"(def \w+\(.*: [\w.]+ = )", false},
};

TEST(SynthFeatures, ListedFeaturesArePresent) {
    std::set<std::string> vocabulary;
    for (auto n : all_tag_names()) vocabulary.insert(std::string(n));
    for (uint64_t i = 0; i < 600; ++i) {
        const SynthKernel k = synthesize(options(11), i);
        const std::set<std::string> feats(k.features.begin(), k.features.end());
        // call: tags are exactly the builtins the text calls.
        std::set<std::string> calls;
        for (const auto& f : k.features) {
            if (f.starts_with("call:"))
                calls.insert(f.substr(5));
            else
                EXPECT_TRUE(vocabulary.count(f)) << "unknown tag " << f;
        }
        const auto used = builtins_used(k.python_source);
        EXPECT_EQ(calls, std::set<std::string>(used.begin(), used.end())) << k.python_source;
        for (const auto& t : kTextTags) {
            const bool listed = feats.count(t.tag) > 0;
            const bool present =
                std::regex_search(k.python_source, std::regex(t.pattern, std::regex::multiline));
            if (listed) {
                EXPECT_TRUE(present) << "tag " << t.tag << " listed but absent:\n" << k.python_source;
            }
            if (t.iff && present) {
                EXPECT_TRUE(listed) << "tag " << t.tag << " present but not listed:\n" << k.python_source;
            }
        }
    }
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
    if (std::regex_search(ann, m, std::regex(R"(^wp\.array(\d)d\()"))) return std::stoi(m[1]);
    if (ann.starts_with("wp.array(")) return 1;
    return 0;
}

TEST(SynthLaunch, SpecMatchesSignature) {
    for (uint64_t i = 0; i < 600; ++i) {
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
