#include "export/splits.h"

#include "dataset/io_error.h"
#include "dataset/near_dup.h"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <numeric>
#include <unordered_map>
#include <xxhash.h>

namespace ws::exporting {

using dataset::ConfigError;
using dataset::NearDupEstimator;

SplitRatio SplitRatio::parse(std::string_view text) {
    SplitRatio r;
    size_t pos = 0;
    for (int i = 0; i < 3; ++i) {
        size_t end = i < 2 ? text.find('/', pos) : text.size();
        std::string_view part =
            end == std::string_view::npos ? text.substr(pos) : text.substr(pos, end - pos);
        auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), r.parts[i]);
        if (part.empty() || ec != std::errc() || p != part.data() + part.size() ||
            end == std::string_view::npos)
            throw ConfigError(fmt::format(
                "--split {}: expected TRAIN/VALIDATION/TEST as three non-negative integers, e.g. 98/1/1",
                text));
        pos = end + 1;
    }
    if (r.parts[0] + r.parts[1] + r.parts[2] == 0)
        throw ConfigError(fmt::format("--split {}: the shares add up to 0", text));
    return r;
}

std::string SplitRatio::text() const {
    return fmt::format("{}/{}/{}", parts[0], parts[1], parts[2]);
}

Split SplitRatio::of_hash(uint64_t h) const {
    // A uniform value in [0, 1) from the hash, cut at the cumulative shares.
    uint64_t mixed = XXH3_64bits_withSeed(&h, sizeof h, 0x5EED5EEDull);
    double u = static_cast<double>(mixed >> 11) * 0x1.0p-53;
    double total = static_cast<double>(parts[0] + parts[1] + parts[2]);
    if (u < static_cast<double>(parts[0]) / total) return Split::Train;
    if (u < static_cast<double>(parts[0] + parts[1]) / total) return Split::Validation;
    return Split::Test;
}

void SplitGrouping::add(uint64_t structure_hash, const analysis::MinHashSignature& signature) {
    hashes_.push_back(structure_hash);
    signatures_.push_back(signature);
}

uint32_t SplitGrouping::find(uint32_t i) {
    while (parent_[i] != i) {
        parent_[i] = parent_[parent_[i]];
        i = parent_[i];
    }
    return i;
}

void SplitGrouping::unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
}

void SplitGrouping::unite_equal_hashes() {
    std::unordered_map<uint64_t, uint32_t> first;
    first.reserve(hashes_.size());
    for (uint32_t i = 0; i < hashes_.size(); ++i) {
        auto [it, fresh] = first.emplace(hashes_[i], i);
        if (!fresh) unite(it->second, i);
    }
}

// Records that agree on one band are candidates; a candidate pair is joined
// when its estimated Jaccard similarity reaches the near-duplicate threshold.
void SplitGrouping::unite_band(int band) {
    std::vector<std::pair<uint64_t, uint32_t>> keys(hashes_.size());
    for (uint32_t i = 0; i < hashes_.size(); ++i)
        keys[i] = {NearDupEstimator::band_key(signatures_[i], band), i};
    std::sort(keys.begin(), keys.end());
    for (size_t s = 0, e = 0; s < keys.size(); s = e) {
        for (e = s + 1; e < keys.size() && keys[e].first == keys[s].first;) ++e;
        for (size_t i = s + 1; i < e; ++i)
            for (size_t j = s; j < i; ++j) {
                uint32_t a = keys[i].second, b = keys[j].second;
                if (find(a) == find(b)) continue;
                if (analysis::estimated_jaccard(signatures_[a], signatures_[b]) >=
                    NearDupEstimator::kThreshold)
                    unite(a, b);
            }
    }
}

std::vector<Split> SplitGrouping::assign(const SplitRatio& ratio) {
    parent_.resize(hashes_.size());
    std::iota(parent_.begin(), parent_.end(), 0u);
    unite_equal_hashes();
    for (int b = 0; b < NearDupEstimator::kBands; ++b) unite_band(b);
    // The smallest structure hash of each group decides the group's split.
    std::vector<uint64_t> smallest(hashes_.size(), UINT64_MAX);
    std::vector<uint32_t> size(hashes_.size(), 0);
    for (uint32_t i = 0; i < hashes_.size(); ++i) {
        uint32_t root = find(i);
        smallest[root] = std::min(smallest[root], hashes_[i]);
        ++size[root];
    }
    groups_ = grouped_ = 0;
    for (uint32_t i = 0; i < hashes_.size(); ++i) {
        if (size[i] > 0) ++groups_;
        if (size[i] > 1) grouped_ += size[i];
    }
    std::vector<Split> out(hashes_.size());
    for (uint32_t i = 0; i < hashes_.size(); ++i) out[i] = ratio.of_hash(smallest[find(i)]);
    return out;
}

} // namespace ws::exporting
