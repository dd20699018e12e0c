// The records candidates answer, read from a finished dataset folder.
#pragma once

#include "dataset/record.h"

#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace ws::judge {

// The records of `dir` whose ids are in `ids` (one pass over the shards); ids the dataset does not
// hold are absent. Throws the dataset's ConfigError / IoError / DataError for a folder that is not
// a finished dataset or cannot be read.
std::map<std::string, dataset::Record> load_records_by_id(const std::filesystem::path& dir,
                                                          const std::set<std::string>& ids);

} // namespace ws::judge
