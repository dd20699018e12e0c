// Unit tests of the dataset pipeline's building blocks.
#include "analysis/fingerprint.h"
#include "dataset/hash_set.h"
#include "dataset/io_error.h"
#include "dataset/layout.h"
#include "dataset/license.h"
#include "dataset/manifest.h"
#include "dataset/near_dup.h"
#include "dataset/pending_shards.h"
#include "dataset/record.h"
#include "dataset/record_builder.h"
#include "dataset/shard_reader.h"
#include "dataset/shard_writer.h"
#include "dataset/slice_spec.h"
#include "dataset/stats.h"
#include "dataset/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <random>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace ws::dataset;
using ws::analysis::kMinHashSize;
using ws::analysis::MinHashSignature;

namespace {

fs::path scratch_root() {
    return fs::temp_directory_path() / ("ws_dataset_unit_" + std::to_string(::getpid()));
}

// Removes this process's scratch folder when the tests end: runs leave nothing in /tmp.
class ScratchCleanup : public ::testing::Environment {
  public:
    void TearDown() override { fs::remove_all(scratch_root()); }
};
[[maybe_unused]] const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

fs::path temp_dir(const std::string& name) {
    fs::path d = scratch_root() / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

const char* kKernel = R"(import warp as wp


@wp.kernel
def scale(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    # double it
    i = wp.tid()
    y[i] = wp.sin(x[i]) * 2.0
)";

} // namespace

TEST(HashSet, InsertsAndFindsIncludingZero) {
    HashSet s;
    std::mt19937_64 rng(1);
    std::vector<uint64_t> keys;
    for (int i = 0; i < 100000; ++i) keys.push_back(rng());
    keys.push_back(0);
    for (uint64_t k : keys) EXPECT_TRUE(s.insert(k));
    for (uint64_t k : keys) EXPECT_FALSE(s.insert(k));
    for (uint64_t k : keys) EXPECT_TRUE(s.contains(k));
    EXPECT_FALSE(s.contains(12345));
    EXPECT_EQ(s.size(), keys.size());
    EXPECT_LE(s.memory_bytes(), keys.size() * 8 * 3); // compact: a few words per key
}

TEST(NearDup, MarksRecordsWithALaterNearCopy) {
    NearDupEstimator est(1000);
    MinHashSignature a{}, b{}, c{};
    for (int i = 0; i < kMinHashSize; ++i) {
        a[i] = static_cast<uint32_t>(i * 7 + 1);
        b[i] = i < 110 ? a[i] : 999999u; // 110/128 = 0.86 similar to a
        c[i] = static_cast<uint32_t>(i * 13 + 5000);
    }
    est.add(1, a);
    est.add(2, c);
    est.add(3, b); // marks a
    EXPECT_EQ(est.sample_size(), 3u);
    EXPECT_EQ(est.sample_with_near_duplicate(), 1u);
    EXPECT_NEAR(est.rate(), 1.0 / 3.0, 1e-9);
}

TEST(NearDup, BoundedSampleIsOrderDeterministic) {
    NearDupEstimator small(64);
    std::mt19937_64 rng(3);
    for (int r = 0; r < 5000; ++r) {
        MinHashSignature s{};
        for (auto& v : s) v = static_cast<uint32_t>(rng());
        small.add(rng(), s);
    }
    EXPECT_LE(small.sample_size(), 64u);
    EXPECT_GT(small.sample_size(), 16u);
    EXPECT_EQ(small.records(), 5000u);
    EXPECT_EQ(small.sample_with_near_duplicate(), 0u);
}

TEST(ShardIo, ZstdAndPlainRoundTripWithChecksum) {
    fs::path d = temp_dir("shards");
    for (bool compress : {true, false}) {
        fs::path p = d / (compress ? "a.jsonl.zst" : "a.jsonl");
        std::vector<std::string> lines;
        for (int i = 0; i < 20000; ++i)
            lines.push_back("{\"n\":" + std::to_string(i) + ",\"pad\":\"" +
                            std::string(static_cast<size_t>(i % 300), 'x') + "\"}");
        ShardFileInfo info;
        {
            ShardWriter w(p, compress);
            for (const auto& l : lines) w.write_line(l);
            EXPECT_TRUE(fs::exists(ShardWriter::temp_path_for(p)));
            EXPECT_FALSE(fs::exists(p));
            info = w.finish();
        }
        EXPECT_FALSE(fs::exists(ShardWriter::temp_path_for(p)));
        EXPECT_EQ(info.bytes, fs::file_size(p));
        ShardReader r(p);
        std::string line;
        size_t n = 0;
        while (r.next(line)) ASSERT_EQ(line, lines[n++]);
        EXPECT_EQ(n, lines.size());
    }
}

// A compression context reused from shard to shard (DatasetWriter keeps one) writes the
// bytes a fresh one writes, whatever the shard before it held or how it ended.
TEST(ShardIo, ReusedZstdContextWritesTheSameBytes) {
    fs::path d = temp_dir("reuse");
    auto write = [&](const fs::path& p, int lines, ZSTD_CCtx* reuse) {
        ShardWriter w(p, true, 1, reuse);
        for (int i = 0; i < lines; ++i) w.write_line("{\"n\":" + std::to_string(i * 7919 % 1000) + "}");
        return w.finish().xxh3;
    };
    ZSTD_CCtx* ctx = ZSTD_createCCtx();
    {
        ShardWriter abandoned(d / "x.jsonl.zst", true, 1, ctx); // never finished: mid-frame state
        for (int i = 0; i < 5000; ++i) abandoned.write_line("abandoned line " + std::to_string(i));
    }
    for (int lines : {3000, 10, 0, 20000}) {
        uint64_t fresh = write(d / "fresh.jsonl.zst", lines, nullptr);
        EXPECT_EQ(write(d / "reused.jsonl.zst", lines, ctx), fresh) << lines;
    }
    ZSTD_freeCCtx(ctx);
}

TEST(ShardIo, UnfinishedWriterLeavesNothing) {
    fs::path d = temp_dir("abandoned");
    fs::path p = d / "b.jsonl.zst";
    {
        ShardWriter w(p, true);
        w.write_line("{}");
    }
    EXPECT_TRUE(fs::is_empty(d));
}

TEST(ShardIo, TruncatedZstdIsAnError) {
    fs::path d = temp_dir("truncated");
    fs::path p = d / "c.jsonl.zst";
    {
        ShardWriter w(p, true);
        for (int i = 0; i < 1000; ++i) w.write_line("{\"k\":" + std::to_string(i * 7919) + "}");
        w.finish();
    }
    fs::resize_file(p, fs::file_size(p) / 2);
    ShardReader r(p);
    std::string line;
    EXPECT_THROW(while (r.next(line)){}, DataError);
}

TEST(Record, JsonRoundTripAndNulls) {
    Record r;
    r.id = "7-0000000003";
    r.kernel_name = "k";
    r.category = "math";
    r.description = "Scales an array.";
    r.python_source = "import warp as wp\n";
    r.cuda_forward = "fwd";
    r.device = "cuda";
    r.seed = 7;
    r.index = 3;
    r.features = {"float32"};
    r.builtins = {"sin"};
    r.source_hash = "0123456789abcdef";
    r.launch.dim = {16};
    r.launch.args.push_back({"x", "wp.array(dtype=float)", {16}, -1.0, 1.0, false});
    r.verification.compiled_cuda = "pass";
    nlohmann::json j = nlohmann::json::parse(json_line(r));
    EXPECT_TRUE(j.at("cpu_forward").is_null());
    EXPECT_TRUE(j.at("metadata").at("verification").at("grad_check").is_null());
    EXPECT_EQ(j.at("metadata").at("verification").at("compiled_cuda"), "pass");
    Record back;
    from_json(j, back);
    EXPECT_EQ(json_line(back), json_line(r));
    EXPECT_EQ(back.launch.args.at(0).shape, std::vector<int64_t>{16});
    EXPECT_EQ(back.description, "Scales an array.");
    // Shards written before `description` existed read as an empty description.
    j.erase("description");
    from_json(j, back);
    EXPECT_EQ(back.description, "");
    EXPECT_EQ(back.kernel_name, "k");
    // `block_dim` only on tile kernels (wp.launch_tiled); it reads back.
    EXPECT_FALSE(j.at("metadata").at("launch").contains("block_dim"));
    r.launch.block_dim = 128;
    j = nlohmann::json::parse(json_line(r));
    EXPECT_EQ(j.at("metadata").at("launch").at("block_dim"), 128);
    from_json(j, back);
    EXPECT_EQ(back.launch.block_dim, 128);
    EXPECT_TRUE(back.launch.tiled());
}

// Lines of a text: its '\n's, plus a last line without one; counted in blocks of 16 bytes
// (255 blocks per round), so every length and position around those sizes is tried.
TEST(Record, CountLinesMatchesAByteLoop) {
    EXPECT_EQ(count_lines(""), 0);
    EXPECT_EQ(count_lines("a"), 1);
    EXPECT_EQ(count_lines("a\n"), 1);
    EXPECT_EQ(count_lines("\n\n"), 2);
    std::mt19937 rng(11);
    for (size_t size :
         {15, 16, 17, 31, 63, 64, 65, 127, 63 * 64 - 1, 63 * 64, 63 * 64 + 1, 63 * 64 * 2 + 7, 70000}) {
        std::string text(size, 'x');
        for (char& c : text) c = rng() % 3 == 0 ? '\n' : static_cast<char>(rng() % 256);
        if (size == 70000) text.assign(size, '\n'); // every lane full
        const auto n = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
        EXPECT_EQ(count_lines(text), text.back() == '\n' ? n : n + 1) << size;
    }
}

// Special bytes anywhere in the last two 64-byte chunks of a string (escaped from a padded copy)
// and the whole chunks before them escape as dump() escapes them, and the escape reads no byte
// past the string: each text is its own exact-size allocation, so the sanitizer build catches a
// chunk load that runs over its end.
TEST(Record, JsonEscapeOfSpecialBytesNearTheEnd) {
    for (size_t n : {16, 17, 63, 64, 65, 127, 128, 129, 191, 192, 193, 256})
        for (size_t i = n - std::min<size_t>(n, 72); i < n; ++i)
            for (size_t j = i; j < n; j += 3) {
                Record r;
                r.python_source.assign(n, 'a');
                r.python_source[i] = '\n';
                r.python_source[j] = "\"\\\x01"[(j - i) / 3 % 3];
                r.python_source.shrink_to_fit();
                const std::string line = json_line(r);
                const nlohmann::json parsed = nlohmann::json::parse(line);
                ASSERT_EQ(parsed["python_source"].get<std::string>(), r.python_source)
                    << n << ' ' << i << ' ' << j;
                ASSERT_EQ(parsed.dump(), line) << n << ' ' << i << ' ' << j;
            }
    // UTF-8 anywhere: the line is nlohmann's.
    for (size_t i = 0; i + 1 < 200; i += 7) {
        Record r;
        r.python_source.assign(200, 'a');
        r.python_source.replace(i, 2, "\xc3\xa9");
        const nlohmann::json parsed = nlohmann::json::parse(json_line(r));
        ASSERT_EQ(parsed["python_source"].get<std::string>(), r.python_source) << i;
    }
}

// The empty record's line, written out by hand from design §5: every field, code
// fields and verdicts null, keys in bytewise order, no spaces.
TEST(Record, JsonLineOfEmptyRecord) {
    EXPECT_EQ(
        json_line(Record{}),
        R"({"category":"","cpu_backward":null,"cpu_entry":null,"cpu_forward":null,"cpu_functions":null,)"
        R"("cuda_backward":null,"cuda_forward":null,"cuda_functions":null,"description":"","id":"",)"
        R"("kernel_name":"","metadata":{"backward_lines":0,"builtins":[],"device":"","features":[],)"
        R"("forward_lines":0,"generator_version":"","has_backward":true,"index":0,)"
        R"("launch":{"args":[],"dim":[]},"python_lines":0,"seed":0,"source_hash":"",)"
        R"("verification":{"compiled_cpu":null,"compiled_cuda":null,"depends_on_inputs":null,)"
        R"("executed":null,"grad_check":null},"warp_version":""},"python_source":""})");
}

// append_json writes the record without a DOM. Its line must be canonical (what
// nlohmann's parse and dump() make of it, so `validate` accepts it) for every
// field, escape, number and optional member, and must read back to the same
// record; it refuses invalid UTF-8 as dump() does.
TEST(Record, JsonLineIsCanonicalAndReadsBack) {
    auto check = [](const Record& r) {
        std::string out = "prefix";
        append_json(out, r);
        const std::string line = out.substr(6);
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(j.dump(), line);
        Record back;
        from_json(j, back);
        EXPECT_EQ(json_line(back), line);
        EXPECT_EQ(back.python_source, r.python_source);
        EXPECT_EQ(back.description, r.description);
        return !::testing::Test::HasFailure();
    };
    Record r;
    EXPECT_TRUE(check(r));
    r.id = "7-0000000003";
    r.kernel_name = "k";
    r.category = "math";
    r.description = "Says \"hi\" \\ back\tslash \x01\x1f\x7f caf\xc3\xa9 \xf0\x9f\x98\x80.";
    r.python_source = std::string(kKernel) + "\r\n\b\f\"\\ end";
    r.cuda_forward = "fwd\n";
    r.cuda_backward = "bwd";
    r.cpu_entry = "entry";
    r.device = "both";
    r.seed = UINT64_MAX;
    r.index = 3;
    r.python_lines = -4;
    r.features = {"float32", "tile"};
    r.builtins = {"sin", "\n"};
    r.source_hash = "0123456789abcdef";
    r.launch.dim = {16, -2, INT64_MIN};
    r.launch.args.push_back({"x", "wp.array(dtype=float)", {16, 3}, -1.0, 1.0, false});
    r.launch.args.push_back({"y", "float", {}, 0.1, 1e300, true});
    r.launch.args.push_back({"z", "int", {1}, -0.0, 1.0 / 3.0, true});
    r.verification.compiled_cuda = "pass";
    r.verification.grad_check = "fail: x";
    EXPECT_TRUE(check(r));
    r.launch.block_dim = 128;
    r.origin = {"tree/a.py", 12, "A.k", "MIT"};
    EXPECT_TRUE(check(r));
    // A NaN bound is written as null, as dump() writes it.
    r.launch.args.push_back({"w", "int", {1}, std::nan(""), -1e-7, true});
    EXPECT_NE(json_line(r).find(R"("max_value":-1e-07,"min_value":null,"name":"w")"), std::string::npos);
    r.launch.args.pop_back();
    // Every ASCII byte, at every offset of the block scan (16 bytes with SSE2, else 8).
    std::mt19937 rng(5);
    for (int n = 0; n < 600; ++n) {
        std::string s(static_cast<size_t>(rng() % 70), ' ');
        for (char& c : s) c = static_cast<char>(rng() % 128);
        r.python_source = s;
        r.description = s + s;
        ASSERT_TRUE(check(r)) << n;
    }
    r.python_source = "ok then bad: \xff and more text";
    std::string out;
    EXPECT_THROW(append_json(out, r), nlohmann::json::type_error);
}

TEST(Slices, FlagsAndEnvironment) {
    EXPECT_EQ(parse_slice("3/16").index, 3u);
    EXPECT_EQ(parse_slice("3/16").count, 16u);
    EXPECT_THROW(parse_slice("16/16"), ConfigError);
    EXPECT_THROW(parse_slice("3"), ConfigError);
    EXPECT_THROW(parse_slice("a/2"), ConfigError);
    SliceSpec s = resolve_slice(
        std::nullopt, std::nullopt,
        {{"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "8"}, {"SLURM_ARRAY_TASK_MIN", "1"}});
    EXPECT_EQ(s.index, 4u);
    EXPECT_EQ(s.count, 8u);
    s = resolve_slice(std::nullopt, 4, {{"JOB_COMPLETION_INDEX", "3"}});
    EXPECT_EQ(s.index, 3u);
    EXPECT_THROW(resolve_slice(std::nullopt, std::nullopt, {{"JOB_COMPLETION_INDEX", "3"}}), ConfigError);
    EXPECT_TRUE(resolve_slice(std::nullopt, std::nullopt, {}).whole());
    EXPECT_TRUE(SliceSpec({1, 3}).owns(4));
    EXPECT_FALSE(SliceSpec({1, 3}).owns(5));
}

TEST(Layout, ShardRangesAndNames) {
    Layout l{105, 50, true};
    EXPECT_EQ(l.shard_count(), 3u);
    EXPECT_EQ(l.first_index(2), 100u);
    EXPECT_EQ(l.end_index(2), 105u);
    EXPECT_EQ(shard_file_name(2, 3, true), "data/train-00002-of-00003.jsonl.zst");
    EXPECT_EQ(shard_file_name(0, 1, false), "data/train-00000-of-00001.jsonl");
}

TEST(Manifest, SaveLoadAndDifferences) {
    fs::path d = temp_dir("manifest");
    Manifest m;
    m.kind = "generate";
    m.config = {{"seed", 1}, {"count", 10}};
    m.shard_count = 1;
    ShardEntry e;
    e.file = "data/train-00000-of-00001.jsonl.zst";
    e.records = 8;
    e.failure_reasons["x"] = 2;
    m.shards.push_back(e);
    save_manifest(d, m);
    auto back = load_manifest(d);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->shards.at(0).records, 8u);
    EXPECT_EQ(back->shards.at(0).failure_reasons.at("x"), 2u);
    auto diffs = config_differences(m.config, {{"seed", 2}, {"count", 10}});
    ASSERT_EQ(diffs.size(), 1u);
    EXPECT_NE(diffs[0].find("seed: 1 in the folder vs 2 now"), std::string::npos);
    EXPECT_FALSE(load_manifest(d / "nothing"));
}

TEST(Manifest, VerificationFieldsAndOlderManifests) {
    fs::path d = temp_dir("manifest_verify");
    Manifest m;
    m.kind = "generate";
    m.config = {{"seed", 1}, {"verify", true}, {"drop_failed", true}};
    m.shard_count = 1;
    ShardEntry e;
    e.file = "data/train-00000-of-00001.jsonl.zst";
    e.records = 5;
    e.verified = true;
    e.verification_dropped = 2;
    m.shards.push_back(e);
    save_manifest(d, m);
    auto back = load_manifest(d);
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->shards.at(0).verified);
    EXPECT_EQ(back->shards.at(0).verification_dropped, 2u);
    EXPECT_EQ(back->config.at("drop_failed"), true);
    // A manifest from before verification: none of the new keys. It reads as never verified.
    nlohmann::json j = nlohmann::json::parse(std::ifstream(d / "manifest.json"));
    j["config"].erase("verify");
    j["config"].erase("drop_failed");
    j["shards"][0].erase("verified");
    j["shards"][0].erase("verification_dropped");
    std::ofstream(d / "manifest.json") << j.dump();
    auto old = load_manifest(d);
    ASSERT_TRUE(old);
    EXPECT_FALSE(old->shards.at(0).verified);
    EXPECT_EQ(old->shards.at(0).verification_dropped, 0u);
    EXPECT_EQ(old->config.at("verify"), false);
    EXPECT_EQ(old->config.at("drop_failed"), false);
}

TEST(ShardIo, SealedRewriteListedInTheManifestIsFinished) {
    fs::path d = temp_dir("pending");
    fs::create_directories(d / "data");
    fs::path p = d / "data" / "s.jsonl";
    {
        ShardWriter w(p, false);
        w.write_line("old");
        w.finish();
    }
    // A rewrite sealed and saved in the manifest, then a crash before publish(): the
    // temporary file outlives the process (here: a copy outlives the writer).
    Manifest m;
    ShardEntry e;
    e.file = "data/s.jsonl";
    fs::path temp = ShardWriter::temp_path_for(p), saved = d / "saved";
    {
        ShardWriter w(p, false);
        w.write_line("new");
        ShardFileInfo info = w.seal();
        e.bytes = info.bytes;
        e.xxh3 = hash_hex(info.xxh3);
        fs::copy_file(temp, saved);
    }
    EXPECT_FALSE(fs::exists(temp)); // an unpublished writer removes its file
    m.shards.push_back(e);
    // A temporary file the manifest does not describe is left for the caller to remove.
    std::ofstream(temp) << "partial";
    EXPECT_EQ(finish_pending_rewrites(d, m), 0u);
    fs::copy_file(saved, temp, fs::copy_options::overwrite_existing);
    EXPECT_EQ(finish_pending_rewrites(d, m), 1u);
    EXPECT_FALSE(fs::exists(temp));
    ShardReader r(p);
    std::string line;
    ASSERT_TRUE(r.next(line));
    EXPECT_EQ(line, "new");
}

TEST(Manifest, FailureReasonsDropSpecifics) {
    EXPECT_EQ(
        failure_reason("/warpsynth/1-0000000003.py:12:5: error: in kernel 'k': couldn't find an overload "
                       "for 'mul' with 3 args"),
        "couldn't find an overload for '_' with N args");
}

TEST(Stats, DistributionsAndCounts) {
    StatsCollector s;
    Record r;
    r.category = "math";
    r.device = "cuda";
    r.builtins = {"sin", "cos"};
    for (int lines : {10, 20, 30, 40}) {
        r.id = std::to_string(lines);
        r.python_lines = lines;
        s.add_record(r, measure_source(std::string(kKernel) + std::string(static_cast<size_t>(lines), '\n')));
    }
    ShardEntry e;
    e.candidates = 6;
    e.duplicates = 1;
    e.compile_failures = 1;
    s.add_shard_counts(e);
    nlohmann::json j = s.to_json();
    EXPECT_EQ(j.at("records"), 4);
    EXPECT_EQ(j.at("lines").at("python").at("p50"), 20);
    EXPECT_EQ(j.at("lines").at("python").at("max"), 40);
    EXPECT_EQ(j.at("lines").at("python").at("mean"), 25.0);
    EXPECT_EQ(j.at("exact_dedup").at("duplicates_dropped"), 1);
    EXPECT_EQ(j.at("by_category").at("math"), 4);
    EXPECT_EQ(j.at("builtins").at(0).at("records"), 4);
}

// stats.json's code_health section, summed over records (the metrics
// themselves are tested in tests/analysis).
TEST(Stats, CodeHealthOfRecords) {
    StatsCollector s;
    Record r;
    r.id = "a";
    s.add_record(r, measure_source(kKernel)); // a comment; nothing unused
    r.id = "b";
    s.add_record(r, measure_source("import warp as wp\n\n\n@wp.kernel\ndef k(x: wp.array(dtype=float), "
                                   "n: int):\n    i = wp.tid()\n    t = x[i] - x[i]\n    x[i] = 1.0\n"));
    const nlohmann::json h = s.to_json().at("code_health");
    EXPECT_EQ(h.at("files"), 2);
    EXPECT_EQ(h.at("kernels"), 2);
    EXPECT_EQ(h.at("assigned_names"), 3); // i (twice), t
    EXPECT_EQ(h.at("dead_stores"), 1);    // t
    EXPECT_EQ(h.at("files_with_dead_store"), 1);
    EXPECT_EQ(h.at("kernel_params"), 4);
    EXPECT_EQ(h.at("unused_kernel_params"), 1); // n
    EXPECT_DOUBLE_EQ(h.at("unused_kernel_param_rate").get<double>(), 0.25);
    EXPECT_EQ(h.at("degenerate_by_kind").at("same_operands"), 1); // x[i] - x[i]
    EXPECT_DOUBLE_EQ(h.at("degenerate_per_file").get<double>(), 0.5);
    EXPECT_EQ(h.at("files_documented"), 1); // kKernel's `# double it`
}

TEST(Stats, VerificationDropsOnlyInVerifiedDatasets) {
    StatsCollector plain;
    ShardEntry e;
    e.candidates = 10;
    plain.add_shard_counts(e);
    EXPECT_FALSE(plain.to_json().contains("verification_dropped")); // the shape of unverified datasets stays
    StatsCollector verified;
    e.verified = true;
    e.verification_dropped = 3;
    verified.add_shard_counts(e);
    verified.add_shard_counts(e);
    EXPECT_EQ(verified.to_json().at("verification_dropped"), 6);
}

// A long tail (most records small, a few huge, as unrolled loops make them):
// log-spaced bins cover [min, max] without gaps and spread the bulk over
// several bins instead of one.
TEST(Stats, HistogramBinsAreLogSpaced) {
    Distribution d;
    for (int v = 50; v < 400; ++v) d.counts[v] = 30;
    d.counts[5000] = 2;
    d.counts[227295] = 1;
    auto bins = d.bins(20);
    ASSERT_LE(bins.size(), 20u);
    uint64_t total = 0, largest = 0;
    int expect_start = 50;
    for (const auto& [label, n] : bins) {
        int a = std::stoi(label),
            b = label.find('-') == std::string::npos ? a : std::stoi(label.substr(label.find('-') + 1));
        EXPECT_EQ(a, expect_start) << label;
        EXPECT_GE(b, a);
        expect_start = b + 1;
        total += n;
        largest = std::max(largest, n);
    }
    EXPECT_EQ(expect_start, 227296);
    EXPECT_EQ(total, d.total());
    EXPECT_LT(largest, d.total() / 2); // equal-width bins put 99.9% in the first
    Distribution narrow;
    for (int v = 3; v <= 7; ++v) narrow.add(v);
    EXPECT_EQ(narrow.bins(20).size(), 5u); // one bin per value when the range is narrow
}

TEST(Svg, ChartsAreWellFormedAndEscaped) {
    std::string bar = svg_bar_chart("a < b", {{"x&y", 3}, {"z", 1}});
    EXPECT_EQ(bar.rfind("<svg", 0), 0u);
    EXPECT_NE(bar.find("a &lt; b"), std::string::npos);
    EXPECT_NE(bar.find("x&amp;y"), std::string::npos);
    EXPECT_NE(bar.find("</svg>"), std::string::npos);
    std::string hist = svg_histograms({{"lines", {{"1-5", 4}, {"6-10", 0}}}});
    EXPECT_NE(hist.find("<rect"), std::string::npos);
}

namespace {

std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

// Debian's copies of the licences' full texts (base-files, on every Debian system).
TEST(License, RecognisesFullTexts) {
    const std::filesystem::path dir = "/usr/share/common-licenses";
    const std::pair<const char*, const char*> cases[] = {
        {"Apache-2.0", "Apache-2.0"}, {"BSD", "BSD-3-Clause"},       {"GPL-2", "GPL-2.0-only"},
        {"GPL-3", "GPL-3.0-only"},    {"LGPL-2.1", "LGPL-2.1-only"}, {"LGPL-3", "LGPL-3.0-only"},
        {"MPL-2.0", "MPL-2.0"},       {"MPL-1.1", "unknown"},        {"Artistic", "unknown"},
        {"CC0-1.0", "unknown"},
    };
    for (const auto& [file, id] : cases) {
        std::string text = read_text(dir / file);
        ASSERT_FALSE(text.empty()) << dir / file;
        EXPECT_EQ(ws::dataset::license_of_text(text), id) << file;
    }
}

TEST(License, RecognisesShortLicencesAndNvidiasOwn) {
    using ws::dataset::license_of_text;
    // MIT and BSD-2-Clause, as their SPDX pages give them (wrapped differently: whitespace does not count).
    EXPECT_EQ(license_of_text("MIT License\n\nCopyright (c) 2024 A\n\nPermission is hereby granted, free of\n"
                              "charge, to any person obtaining a copy of this software ..."),
              "MIT");
    std::string bsd2 =
        "Redistribution and use in source and binary forms, with or without modification, are "
        "permitted provided that the following conditions are met:\n1. Redistributions of source "
        "code must retain the above copyright notice ...\n2. Redistributions in binary form must "
        "reproduce the above copyright notice ...\nTHIS SOFTWARE IS PROVIDED BY THE COPYRIGHT "
        "HOLDERS AND CONTRIBUTORS \"AS IS\" ...";
    EXPECT_EQ(license_of_text(bsd2), "BSD-2-Clause");
    EXPECT_EQ(
        license_of_text("Copyright (c) 2021, NVIDIA Corporation. All rights reserved.\n\nNVIDIA Source Code "
                        "License for StyleGAN3\n\n1. Definitions ..."),
        "LicenseRef-NVIDIA-Source-Code-License");
    EXPECT_EQ(license_of_text("End User License Agreement\n\nNVIDIA Software License Agreement and CUDA "
                              "Supplement to Software License Agreement."),
              "LicenseRef-NVIDIA-Software-License-Agreement");
    EXPECT_EQ(license_of_text("All rights reserved."), "unknown");
}
