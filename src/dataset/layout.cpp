#include "dataset/layout.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::dataset {

uint64_t Layout::end_index(uint64_t shard) const {
    return std::min(count, (shard + 1) * shard_size);
}

std::string shard_file_name(uint64_t shard, uint64_t shard_count, bool compress) {
    return fmt::format("data/train-{:05}-of-{:05}.jsonl{}", shard, shard_count, compress ? ".zst" : "");
}

} // namespace ws::dataset
