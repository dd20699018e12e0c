// Where records go in a dataset folder. A generated dataset of `count`
// kernels (record indices 0..count-1) is cut into shard files of
// `shard_size` consecutive indices: shard k holds the kept records of indices
// [k*shard_size, (k+1)*shard_size), so the file a record lands in depends
// only on its index, never on the thread count, the slice or a crash.
//
//     DIR/data/train-00003-of-00010.jsonl.zst   (or .jsonl with --no-compress)
//     DIR/manifest.json  DIR/stats.json  DIR/README.md  DIR/figures/*.svg
//
// A slice I/N (--shard I/N) owns the shard files k with k % N == I.
#pragma once

#include <cstdint>
#include <string>

namespace ws::dataset {

struct Layout {
    uint64_t count = 0;
    uint64_t shard_size = 10000;
    bool compress = true;

    uint64_t shard_count() const { return count == 0 ? 0 : (count + shard_size - 1) / shard_size; }
    uint64_t first_index(uint64_t shard) const { return shard * shard_size; }
    uint64_t end_index(uint64_t shard) const;
};

// "data/train-00003-of-00010.jsonl.zst"
std::string shard_file_name(uint64_t shard, uint64_t shard_count, bool compress);

struct SliceSpec {
    uint64_t index = 0;
    uint64_t count = 1;
    bool owns(uint64_t shard) const { return shard % count == index; }
    bool whole() const { return count == 1; }
};

} // namespace ws::dataset
