// Streams JSON lines into one shard file: zstd-compressed (one frame,
// streaming) or plain. The bytes go to `.<name>.tmp` beside the target; only
// finish() fsyncs and renames the file into place, so a crash, a full disk or
// an exception never leaves a partial shard under the final name. The
// destructor of an unfinished writer removes its temporary file.
//
// finish() is seal() then publish(). Rewriting a shard that the manifest
// already lists (verification) records the new checksum in the manifest
// between the two, so that a crash in between can be completed from the
// sealed temporary file (pending_shards.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>
#include <zstd.h>

namespace ws::dataset {

struct ShardFileInfo {
    uint64_t bytes = 0;
    uint64_t xxh3 = 0; // of the file as written (compressed bytes)
};

class ShardWriter {
  public:
    // `reuse`: a compression context to use (reset) instead of a new one: a caller that writes
    // many shards keeps one, as the writer's own is allocated and freed per shard.
    ShardWriter(std::filesystem::path final_path, bool compress, int level = 1, ZSTD_CCtx* reuse = nullptr);
    ~ShardWriter();
    ShardWriter(const ShardWriter&) = delete;
    ShardWriter& operator=(const ShardWriter&) = delete;

    // Appends one line (a '\n' is added).
    void write_line(std::string_view line);
    ShardFileInfo finish();
    // Flushes, fsyncs and closes the temporary file, which keeps its temporary name.
    ShardFileInfo seal();
    // Renames the sealed temporary file into place.
    void publish();

    static std::filesystem::path temp_path_for(const std::filesystem::path& final_path);

  private:
    void write_raw(const char* data, size_t size);
    void flush_buffer();
    void compress_input(std::string_view in, ZSTD_EndDirective mode);

    std::filesystem::path final_path_, temp_path_;
    int fd_ = -1;
    ZSTD_CCtx* cctx_ = nullptr;
    bool own_cctx_ = false;
    std::vector<char> out_; // pending output bytes
    size_t out_used_ = 0;
    uint64_t bytes_ = 0;
    void* hash_state_ = nullptr; // XXH3 over the bytes written
    bool sealed_ = false;
    bool finished_ = false;
};

} // namespace ws::dataset
