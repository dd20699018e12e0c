// Reads the JSON lines of a shard (.jsonl or .jsonl.zst), streaming: memory
// stays bounded by the longest line whatever the size of the shard.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>
#include <zstd.h>

namespace ws::dataset {

class ShardReader {
  public:
    explicit ShardReader(const std::filesystem::path& path);
    ~ShardReader();
    ShardReader(const ShardReader&) = delete;
    ShardReader& operator=(const ShardReader&) = delete;

    // The next line without its '\n'; false at the end. Throws IoError or
    // DataError (a corrupt zstd stream).
    bool next(std::string& line);
    // 1-based number of the line last returned.
    size_t line_number() const { return line_number_; }

  private:
    bool fill(); // more decoded bytes into text_; false at end of file

    std::filesystem::path path_;
    FILE* file_ = nullptr;
    ZSTD_DCtx* dctx_ = nullptr;
    std::vector<char> in_;
    size_t in_pos_ = 0, in_size_ = 0;
    std::string text_;
    size_t text_pos_ = 0;
    size_t line_number_ = 0;
    bool eof_ = false;
    bool pending_output_ = false;
    size_t last_ret_ = 0; // ZSTD_decompressStream's last hint (0: frame complete)
};

} // namespace ws::dataset
