#include "dataset/pending_shards.h"

#include "dataset/file_io.h"
#include "dataset/hash_set.h"
#include "dataset/io_error.h"
#include "dataset/shard_writer.h"

#include <cstdio>

namespace ws::dataset {

size_t finish_pending_rewrites(const std::filesystem::path& dir, const Manifest& manifest) {
    size_t renamed = 0;
    for (const ShardEntry& e : manifest.shards) {
        std::filesystem::path final_path = dir / e.file;
        std::filesystem::path temp = ShardWriter::temp_path_for(final_path);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(temp, ec)) continue;
        // A temporary file with another checksum is a rewrite that never reached
        // the manifest: it stays a stray file for the caller to remove.
        if (std::filesystem::file_size(temp, ec) != e.bytes || hash_hex(file_xxh3(temp)) != e.xxh3) continue;
        if (std::rename(temp.c_str(), final_path.c_str()) != 0)
            throw IoError(errno_message("cannot rename to", final_path));
        sync_directory(final_path.parent_path());
        ++renamed;
    }
    return renamed;
}

} // namespace ws::dataset
