#include "dataset/record_reader.h"

#include "dataset/io_error.h"
#include "dataset/shard_reader.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ws::dataset {

Record parse_record(const std::string& line, const std::filesystem::path& shard, size_t line_number) {
    Record r;
    try {
        from_json(nlohmann::json::parse(line), r);
    } catch (const nlohmann::json::exception& ex) {
        throw DataError(fmt::format("{}:{}: not a valid record: {}", shard.string(), line_number, ex.what()));
    }
    return r;
}

void for_each_record(const std::filesystem::path& dir, const ShardEntry& e,
                     const std::function<void(const std::string& line, const Record& r)>& fn) {
    ShardReader reader(dir / e.file);
    std::string line;
    while (reader.next(line)) fn(line, parse_record(line, dir / e.file, reader.line_number()));
}

} // namespace ws::dataset
