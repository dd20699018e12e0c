// Reading the records of a dataset's shards back, streaming (merge, stats,
// health): one record in memory at a time.
#pragma once

#include "dataset/manifest.h"
#include "dataset/record.h"

#include <filesystem>
#include <functional>
#include <string>

namespace ws::dataset {

// The record of one JSON line of `shard`; DataError naming the shard and line when it does not parse.
Record parse_record(const std::string& line, const std::filesystem::path& shard, size_t line_number);

// Calls fn(line, record) for every record of the shard `dir / e.file`, in order.
// Throws DataError naming the shard and line of a record that does not parse,
// IoError when the shard cannot be read.
void for_each_record(const std::filesystem::path& dir, const ShardEntry& e,
                     const std::function<void(const std::string& line, const Record& r)>& fn);

} // namespace ws::dataset
