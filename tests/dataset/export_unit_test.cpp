// Unit tests of export's building blocks: split ratios, grouping by
// fingerprint and near-duplicates, kernel signatures, token counts, rows.
#include "dataset/io_error.h"
#include "dataset/record.h"
#include "export/format.h"
#include "export/splits.h"
#include "export/task.h"
#include "export/token_count.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>

using namespace ws::exporting;
using ws::analysis::MinHashSignature;

namespace {

MinHashSignature random_signature(std::mt19937& rng) {
    MinHashSignature s;
    for (auto& v : s) v = static_cast<uint32_t>(rng());
    return s;
}

// A copy that differs in `changed` of the 128 entries (estimated Jaccard 1 - changed/128).
MinHashSignature near_copy(MinHashSignature s, int changed, std::mt19937& rng) {
    for (int i = 0; i < changed; ++i)
        s[static_cast<size_t>(i) * 127 % s.size()] = static_cast<uint32_t>(rng());
    return s;
}

} // namespace

TEST(SplitRatio, ParsesAndRefuses) {
    EXPECT_EQ(SplitRatio::parse("98/1/1").parts, (std::array<uint64_t, 3>{98, 1, 1}));
    EXPECT_EQ(SplitRatio::parse("0/0/5").parts, (std::array<uint64_t, 3>{0, 0, 5}));
    for (const char* bad : {"", "98/1", "98/1/1/0", "a/b/c", "-1/1/1", "98//1", "98/1/", "0/0/0", "1.5/1/1"})
        EXPECT_THROW(SplitRatio::parse(bad), ws::dataset::ConfigError) << bad;
}

TEST(SplitRatio, SharesFollowTheRatio) {
    SplitRatio r = SplitRatio::parse("80/15/5");
    std::array<int, 3> n{};
    for (uint64_t h = 0; h < 100000; ++h) ++n[static_cast<size_t>(r.of_hash(h * 0x9E3779B97F4A7C15ull))];
    EXPECT_NEAR(n[0], 80000, 1000);
    EXPECT_NEAR(n[1], 15000, 800);
    EXPECT_NEAR(n[2], 5000, 500);
    SplitRatio only_test = SplitRatio::parse("0/0/1");
    for (uint64_t h = 0; h < 1000; ++h) EXPECT_EQ(only_test.of_hash(h), Split::Test);
}

// Planted groups: equal hashes, and near-copies (1 or 8 of 128 entries changed:
// Jaccard >= 0.93) chained through one member; unrelated records stay alone.
// The splits are the same in every order of the records.
TEST(SplitGrouping, GroupsNearCopiesWhateverTheOrder) {
    std::mt19937 rng(5);
    struct Rec {
        uint64_t hash;
        MinHashSignature sig;
        int group;
    };
    std::vector<Rec> recs;
    for (int g = 0; g < 300; ++g) {
        MinHashSignature base = random_signature(rng);
        recs.push_back({rng(), base, g});
        if (g % 3 == 0)
            recs.push_back({recs.back().hash, random_signature(rng), g}); // same hash, unrelated text
        if (g % 2 == 0) {
            MinHashSignature a = near_copy(base, 8, rng);
            recs.push_back({rng(), a, g});
            recs.push_back({rng(), near_copy(a, 1, rng), g});
        }
    }
    auto splits_of = [&](const std::vector<Rec>& order, uint64_t* groups) {
        SplitGrouping grouping;
        for (const auto& r : order) grouping.add(r.hash, r.sig);
        std::vector<Split> s = grouping.assign(SplitRatio::parse("34/33/33"));
        *groups = grouping.groups();
        std::map<uint64_t, Split> by_hash;
        std::map<int, std::set<Split>> by_group;
        for (size_t i = 0; i < order.size(); ++i) {
            by_hash[order[i].hash] = s[i];
            by_group[order[i].group].insert(s[i]);
        }
        for (const auto& [g, set] : by_group) EXPECT_EQ(set.size(), 1u) << "group " << g << " was split";
        return by_hash;
    };
    uint64_t groups = 0;
    auto ref = splits_of(recs, &groups);
    EXPECT_EQ(groups, 300u); // exactly the planted groups: no unrelated records joined
    std::set<Split> used;
    for (const auto& [h, s] : ref) used.insert(s);
    EXPECT_EQ(used.size(), 3u);
    for (int round = 0; round < 3; ++round) {
        std::shuffle(recs.begin(), recs.end(), rng);
        EXPECT_EQ(splits_of(recs, &groups), ref);
    }
}

TEST(SplitGrouping, DistantRecordsStayApart) {
    std::mt19937 rng(9);
    MinHashSignature base = random_signature(rng);
    SplitGrouping grouping;
    grouping.add(1, base);
    grouping.add(2, near_copy(base, 60, rng)); // Jaccard about 0.53: not a near-duplicate
    grouping.assign(SplitRatio{});
    EXPECT_EQ(grouping.groups(), 2u);
    EXPECT_EQ(grouping.grouped_records(), 0u);
}

TEST(KernelSignature, FindsTheDefinition) {
    std::string src =
        "import warp as wp\n\n@wp.func\ndef f(x: float):\n    return x\n\n"
        "# def k(fake):\n@wp.kernel\ndef k(\n    a: wp.array(dtype=float),\n    b: wp.array2d[wp.vec3],\n):\n"
        "    i = wp.tid()\n";
    EXPECT_EQ(kernel_signature(src, "k"),
              "def k(\n    a: wp.array(dtype=float),\n    b: wp.array2d[wp.vec3],\n):");
    EXPECT_EQ(kernel_signature(src, "f"), "def f(x: float):");
    EXPECT_EQ(kernel_signature(src, "missing"), "");
    EXPECT_EQ(kernel_signature("def kk(x):\n    pass\n", "k"), "");
}

TEST(ApproximateTokens, CountsWordsAndPunctuation) {
    EXPECT_EQ(approximate_tokens(""), 0u);
    EXPECT_EQ(approximate_tokens("   \n\t"), 0u);
    // var_0 = wp : : add ( var_1 , 2 . 5f ) ;
    EXPECT_EQ(approximate_tokens("var_0 = wp::add(var_1, 2.5f);"), 14u);
    EXPECT_EQ(approximate_tokens("a→b"), 3u); // one UTF-8 character counts once
}

TEST(Examples, UseTheRecordsFields) {
    ws::dataset::Record r;
    r.id = "1-7";
    r.kernel_name = "k";
    r.python_source = "import warp as wp\n\n@wp.kernel\ndef k(a: wp.array(dtype=float)):\n    a[0] = 1.0\n";
    r.cuda_forward = "\n\nFWD\n";
    r.cuda_functions = "\n\nFUNCS\n";
    r.source_hash = "00000000000000ff";
    EXPECT_EQ(make_example(Task::PythonToCuda, r).example->output,
              "FUNCS\n\n\nFWD\n"); // Warp's blank lines between functions
    EXPECT_EQ(make_example(Task::ForwardToAdjoint, r).skip_reason, "no backward");
    EXPECT_EQ(make_example(Task::PythonToCpu, r).skip_reason, "no CPU code");
    EXPECT_EQ(make_example(Task::Describe, r).skip_reason, "no description");
    r.description = "Sets the first element to one.";
    ExampleOrSkip w = make_example(Task::Write, r);
    ASSERT_TRUE(w.example);
    EXPECT_NE(w.example->input.find("def k(a: wp.array(dtype=float)):"), std::string::npos);
    EXPECT_EQ(w.example->output, r.python_source);
    auto row = make_row(Format::Alpaca, Task::Write, *w.example, r);
    EXPECT_EQ(row.at("id"), "1-7");
    EXPECT_EQ(row.at("fingerprint"), "00000000000000ff");
    EXPECT_EQ(nlohmann::json::parse(row.at("launch").get<std::string>()).at("args").size(), 0u);
    auto msg = make_row(Format::Messages, Task::Describe, *make_example(Task::Describe, r).example, r);
    EXPECT_EQ(msg.at("messages").at(2).at("content"), r.description);
    EXPECT_FALSE(msg.contains("launch"));
}
