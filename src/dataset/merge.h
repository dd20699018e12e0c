// `warpsynth merge DIR... --out DIR`: the union of datasets with global dedup.
//
// Slices of one generation (the same configuration, --shard I/N for every I
// of one N, each complete) merge into exactly the dataset a single run would
// have made: shard k is taken from the slice that owns it, and a record is
// dropped when an earlier record (by global index order, i.e. earlier shards
// first) has the same structure hash. A slice already dropped its own
// earlier duplicates, so what remains to drop are copies of records in
// other slices' earlier shards; the result, shard files and counts, is byte
// for byte the single-run output.
//
// Any other inputs are concatenated in the order given (each in its own
// shard order), deduplicated, and cut into shard files of `shard_size`
// records.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace ws::dataset {

struct MergeOptions {
    std::vector<std::filesystem::path> inputs;
    std::filesystem::path out;
    uint64_t shard_size = 10000; // records per file when the inputs are not slices of one run
    bool compress = true;        // likewise
    bool quiet = false;
};

struct MergeSummary {
    bool slices = false; // the inputs were slices of one generation
    uint64_t records = 0;
    uint64_t duplicates = 0; // dropped by the merge itself
};

MergeSummary merge(const MergeOptions& options);

} // namespace ws::dataset
