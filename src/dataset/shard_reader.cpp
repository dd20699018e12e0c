#include "dataset/shard_reader.h"

#include "dataset/file_io.h"
#include "dataset/io_error.h"

#include <cerrno>
#include <fmt/format.h>

namespace ws::dataset {

ShardReader::ShardReader(const std::filesystem::path& path) : path_(path), in_(1 << 17) {
    file_ = std::fopen(path.c_str(), "rb");
    if (!file_) throw IoError(errno_message("cannot read", path));
    std::string name = path.filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".zst") == 0) dctx_ = ZSTD_createDCtx();
}

ShardReader::~ShardReader() {
    if (file_) std::fclose(file_);
    if (dctx_) ZSTD_freeDCtx(dctx_);
}

bool ShardReader::fill() {
    if (eof_) return false;
    if (in_pos_ == in_size_ && !pending_output_) {
        in_size_ = std::fread(in_.data(), 1, in_.size(), file_);
        in_pos_ = 0;
        if (in_size_ == 0) {
            if (std::ferror(file_)) throw IoError(errno_message("cannot read", path_));
            eof_ = true;
            if (dctx_ && last_ret_ != 0)
                throw DataError(fmt::format("{}: truncated zstd stream", path_.string()));
            return false;
        }
    }
    if (!dctx_) {
        text_.append(in_.data() + in_pos_, in_size_ - in_pos_);
        in_pos_ = in_size_;
        return true;
    }
    char out[1 << 17];
    ZSTD_inBuffer input{in_.data(), in_size_, in_pos_};
    ZSTD_outBuffer output{out, sizeof out, 0};
    size_t ret = ZSTD_decompressStream(dctx_, &output, &input);
    if (ZSTD_isError(ret))
        throw DataError(fmt::format("{}: corrupt zstd stream ({})", path_.string(), ZSTD_getErrorName(ret)));
    last_ret_ = ret;
    pending_output_ = output.pos == output.size; // the decoder may hold more
    in_pos_ = input.pos;
    text_.append(out, output.pos);
    return true;
}

bool ShardReader::next(std::string& line) {
    for (;;) {
        size_t nl = text_.find('\n', text_pos_);
        if (nl != std::string::npos) {
            line.assign(text_, text_pos_, nl - text_pos_);
            text_pos_ = nl + 1;
            ++line_number_;
            if (text_pos_ > (1 << 20)) {
                text_.erase(0, text_pos_);
                text_pos_ = 0;
            }
            return true;
        }
        if (!fill()) {
            if (text_pos_ < text_.size()) {
                line.assign(text_, text_pos_, std::string::npos);
                text_pos_ = text_.size();
                ++line_number_;
                return true;
            }
            return false;
        }
    }
}

} // namespace ws::dataset
