#include "syntax/source.h"

#include <cstring>
#include <fmt/format.h>

namespace ws {

SourceFile::SourceFile(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
    line_starts_.push_back(0);
    const char* s = text_.data();
    const size_t n = text_.size();
    // Most files end their lines with '\n' alone: each found by memchr, not a test per byte.
    if (!std::memchr(s, '\r', n)) {
        for (const char* p = s;
             (p = static_cast<const char*>(std::memchr(p, '\n', n - static_cast<size_t>(p - s)))); ++p)
            if (p + 1 < s + n) line_starts_.push_back(static_cast<size_t>(p + 1 - s));
        return;
    }
    for (size_t i = 0; i < text_.size(); ++i) {
        char c = text_[i];
        if (c == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') ++i;
        if ((c == '\n' || c == '\r') && i + 1 < text_.size()) line_starts_.push_back(i + 1);
    }
}

std::string CompileError::format() const {
    return fmt::format("{}:{}:{}: error: {}", file_, line_, col_, what());
}

} // namespace ws
