#include "dataset/shard_writer.h"

#include "dataset/file_io.h"
#include "dataset/io_error.h"

#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <xxhash.h>

namespace ws::dataset {

namespace {
constexpr size_t kBufferSize = 1 << 20;
XXH3_state_t* state_of(void* p) {
    return static_cast<XXH3_state_t*>(p);
}
} // namespace

std::filesystem::path ShardWriter::temp_path_for(const std::filesystem::path& final_path) {
    return final_path.parent_path() / ("." + final_path.filename().string() + ".tmp");
}

ShardWriter::ShardWriter(std::filesystem::path final_path, bool compress, int level, ZSTD_CCtx* reuse)
    : final_path_(std::move(final_path)), temp_path_(temp_path_for(final_path_)), out_(kBufferSize) {
    fd_ = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) throw IoError(errno_message("cannot write", temp_path_));
    hash_state_ = XXH3_createState();
    XXH3_64bits_reset(state_of(hash_state_));
    if (compress) {
        own_cctx_ = reuse == nullptr;
        cctx_ = own_cctx_ ? ZSTD_createCCtx() : reuse;
        // A reused context starts over: no state or parameter of its last shard is left.
        if (!own_cctx_) ZSTD_CCtx_reset(cctx_, ZSTD_reset_session_and_parameters);
        ZSTD_CCtx_setParameter(cctx_, ZSTD_c_compressionLevel, level);
        ZSTD_CCtx_setParameter(cctx_, ZSTD_c_checksumFlag, 1);
    }
}

ShardWriter::~ShardWriter() {
    if (fd_ >= 0) ::close(fd_);
    if (!finished_) ::unlink(temp_path_.c_str());
    if (cctx_ && own_cctx_) ZSTD_freeCCtx(cctx_);
    if (hash_state_) XXH3_freeState(state_of(hash_state_));
}

void ShardWriter::flush_buffer() {
    const char* p = out_.data();
    size_t left = out_used_;
    XXH3_64bits_update(state_of(hash_state_), p, left);
    bytes_ += left;
    while (left > 0) {
        ssize_t n = ::write(fd_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw IoError(errno_message("cannot write", temp_path_));
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    out_used_ = 0;
}

void ShardWriter::write_raw(const char* data, size_t size) {
    while (size > 0) {
        size_t n = std::min(size, out_.size() - out_used_);
        std::copy(data, data + n, out_.data() + out_used_);
        out_used_ += n;
        data += n;
        size -= n;
        if (out_used_ == out_.size()) flush_buffer();
    }
}

void ShardWriter::compress_input(std::string_view in, ZSTD_EndDirective mode) {
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    for (;;) {
        if (out_used_ == out_.size()) flush_buffer();
        ZSTD_outBuffer output{out_.data() + out_used_, out_.size() - out_used_, 0};
        size_t remaining = ZSTD_compressStream2(cctx_, &output, &input, mode);
        if (ZSTD_isError(remaining)) throw IoError(std::string("zstd: ") + ZSTD_getErrorName(remaining));
        out_used_ += output.pos;
        bool done = mode == ZSTD_e_end ? remaining == 0 : input.pos == input.size;
        if (done) return;
    }
}

void ShardWriter::write_line(std::string_view line) {
    if (cctx_) {
        compress_input(line, ZSTD_e_continue);
        compress_input("\n", ZSTD_e_continue);
    } else {
        write_raw(line.data(), line.size());
        write_raw("\n", 1);
    }
}

ShardFileInfo ShardWriter::finish() {
    ShardFileInfo info = seal();
    publish();
    return info;
}

ShardFileInfo ShardWriter::seal() {
    if (sealed_) throw std::logic_error("ShardWriter: sealed twice");
    if (cctx_) compress_input({}, ZSTD_e_end);
    flush_buffer();
    if (::fsync(fd_) != 0) throw IoError(errno_message("cannot write", temp_path_));
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw IoError(errno_message("cannot write", temp_path_));
    sealed_ = true;
    return ShardFileInfo{bytes_, XXH3_64bits_digest(state_of(hash_state_))};
}

void ShardWriter::publish() {
    if (!sealed_ || finished_) throw std::logic_error("ShardWriter: publish without seal");
    if (::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
        throw IoError(errno_message("cannot rename to", final_path_));
    finished_ = true;
    sync_directory(final_path_.parent_path());
}

} // namespace ws::dataset
