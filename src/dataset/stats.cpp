#include "dataset/stats.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <vector>
#include <xxhash.h>

namespace ws::dataset {

using nlohmann::json;

uint64_t Distribution::total() const {
    uint64_t n = 0;
    for (const auto& [v, c] : counts) n += c;
    return n;
}

int Distribution::percentile(double p) const {
    uint64_t n = total();
    if (n == 0) return 0;
    auto rank = static_cast<uint64_t>(std::ceil(p / 100.0 * static_cast<double>(n)));
    rank = std::max<uint64_t>(rank, 1);
    uint64_t seen = 0;
    for (const auto& [v, c] : counts) {
        seen += c;
        if (seen >= rank) return v;
    }
    return counts.rbegin()->first;
}

double Distribution::mean() const {
    uint64_t n = total();
    if (n == 0) return 0.0;
    double sum = 0;
    for (const auto& [v, c] : counts) sum += static_cast<double>(v) * static_cast<double>(c);
    // Two decimals keep stats.json readable and stable.
    return std::round(sum / static_cast<double>(n) * 100.0) / 100.0;
}

// Log-spaced: bin k starts at expm1(log1p(min) + k * step), so each bin spans
// a constant ratio of values (of value + 1, so 0 fits) and a long tail does not
// put nearly every record in the first of equal-width bins. Every bin holds at
// least one integer; fewer than `nbins` when the range is narrow.
std::vector<std::pair<std::string, uint64_t>> Distribution::bins(int nbins) const {
    std::vector<std::pair<std::string, uint64_t>> out;
    if (counts.empty()) return out;
    int lo = counts.begin()->first, hi = counts.rbegin()->first;
    double a = std::log1p(static_cast<double>(std::max(lo, 0)));
    double step = (std::log1p(static_cast<double>(std::max(hi, 0)) + 1.0) - a) / nbins;
    for (int b = lo, k = 1; b <= hi; ++k) {
        auto edge = static_cast<int>(std::lround(std::expm1(a + k * step)));
        int end = k >= nbins ? hi + 1 : std::min(hi + 1, std::max(b + 1, edge)); // exclusive
        uint64_t n = 0;
        for (auto it = counts.lower_bound(b); it != counts.end() && it->first < end; ++it) n += it->second;
        out.emplace_back(end - b == 1 ? fmt::format("{}", b) : fmt::format("{}-{}", b, end - 1), n);
        b = end;
    }
    return out;
}

json Distribution::to_json() const {
    json hist = json::array();
    for (const auto& [label, n] : bins(20)) hist.push_back(json{{"lines", label}, {"records", n}});
    return json{{"min", counts.empty() ? 0 : counts.begin()->first},
                {"max", counts.empty() ? 0 : counts.rbegin()->first},
                {"mean", mean()},
                {"p50", percentile(50)},
                {"p90", percentile(90)},
                {"p99", percentile(99)},
                {"histogram", std::move(hist)}};
}

SourceMeasures measure_source(const std::string& python_source) {
    return SourceMeasures{analysis::fingerprint(python_source).signature,
                          analysis::health_counts(python_source)};
}

void StatsCollector::add_record(const Record& r, const SourceMeasures& measures) {
    ++records_;
    ++by_category_[r.category];
    ++by_device_[r.device];
    if (!r.origin.empty()) ++by_license_[r.origin.license];
    if (r.has_backward) ++with_backward_;
    python_lines_.add(r.python_lines);
    forward_lines_.add(r.forward_lines);
    backward_lines_.add(r.backward_lines);
    for (const auto& b : r.builtins) ++builtins_[b];
    for (const auto& f : r.features) ++features_[f];
    auto verdict = [&](const char* field, const std::string& v) {
        std::string key = v.empty() ? "absent" : v.substr(0, v.find(':'));
        ++verdicts_[field][key];
    };
    verdict("compiled_cuda", r.verification.compiled_cuda);
    verdict("compiled_cpu", r.verification.compiled_cpu);
    verdict("executed", r.verification.executed);
    verdict("grad_check", r.verification.grad_check);
    verdict("depends_on_inputs", r.verification.depends_on_inputs);
    verification_figures_.add(r.verification);
    near_dup_.add(XXH3_64bits(r.id.data(), r.id.size()), measures.signature);
    health_ += measures.health;
}

void StatsCollector::add_shard_counts(const ShardEntry& e) {
    candidates_ += e.candidates;
    duplicates_ += e.duplicates;
    compile_failures_ += e.compile_failures;
    source_failures_ += e.source_failures;
    verification_dropped_ += e.verification_dropped;
    oversized_ += e.oversized;
    any_verified_ = any_verified_ || e.verified || e.verification_dropped > 0;
    for (const auto& [reason, n] : e.failure_reasons) failure_reasons_[reason] += n;
}

json StatsCollector::to_json() const {
    auto ratio = [](uint64_t a, uint64_t b) {
        return b == 0 ? 0.0 : std::round(static_cast<double>(a) / static_cast<double>(b) * 1e6) / 1e6;
    };
    // Builtins by usage, most used first (ties by name).
    std::vector<std::pair<std::string, uint64_t>> builtins(builtins_.begin(), builtins_.end());
    std::sort(builtins.begin(), builtins.end(), [](auto& a, auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    json builtin_list = json::array();
    for (const auto& [name, n] : builtins) builtin_list.push_back(json{{"name", name}, {"records", n}});

    // Records dropped by verification were unique when dedup saw them.
    uint64_t kept_or_dup = records_ + verification_dropped_ + duplicates_;
    json out{
        {"records", records_},
        {"candidates", candidates_},
        {"by_category", by_category_},
        {"by_device", by_device_},
        {"with_backward", with_backward_},
        {"lines", json{{"python", python_lines_.to_json()},
                       {"forward", forward_lines_.to_json()},
                       {"backward", backward_lines_.to_json()}}},
        {"exact_dedup",
         json{{"method",
               "XXH3-64 of the token stream with identifiers renamed, comments, whitespace and strings "
               "normalised"},
              {"duplicates_dropped", duplicates_},
              {"duplicate_rate", ratio(duplicates_, kept_or_dup)},
              {"duplicates_in_data", duplicates_in_data_}}},
        {"near_dedup",
         json{{"method",
               "MinHash (128 one-permutation hashes) over token 5-grams, LSH 16x8, Jaccard >= 0.7; "
               "share of a uniform sample of records that have a near duplicate later in the dataset"},
              {"threshold", NearDupEstimator::kThreshold},
              {"sample_size", near_dup_.sample_size()},
              {"sample_with_near_duplicate", near_dup_.sample_with_near_duplicate()},
              {"near_duplicate_rate",
               ratio(near_dup_.sample_with_near_duplicate(), near_dup_.sample_size())}}},
        {"size_limit", json{{"oversized_dropped", oversized_}}},
        {"failures", json{{"compile", compile_failures_},
                          {"source", source_failures_},
                          {"compile_failure_rate", ratio(compile_failures_, candidates_)},
                          {"reasons", failure_reasons_}}},
        {"code_health", health_},
        {"builtins", std::move(builtin_list)},
        {"features", std::map<std::string, uint64_t>(features_.begin(), features_.end())},
        {"verification", verdicts_},
    };
    // Only for verified datasets, so that the stats.json of the others keeps its shape.
    if (any_verified_) out["verification_dropped"] = verification_dropped_;
    if (verification_figures_.any()) out["verification_figures"] = verification_figures_.to_json();
    if (!by_license_.empty()) out["by_license"] = by_license_;
    return out;
}

} // namespace ws::dataset
