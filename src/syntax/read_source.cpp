// Reading a Python source file with bounded time and memory: the file is
// opened without blocking (a FIFO without a writer would hang open()), only
// regular files are read, and never more than the size limit, so /dev/zero,
// /dev/urandom or a growing file cannot exhaust memory.
#include "syntax/limits.h"
#include "syntax/source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ws {

namespace {

struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

[[noreturn]] void fail_errno(const std::string& path) {
    throw SourceReadError(fmt::format("cannot read {}: {}", path, std::strerror(errno)), false);
}

std::string too_large(const std::string& path, const std::string& size) {
    return fmt::format("{} is {}, more than the {} MiB limit for a Python source", path, size,
                       limits::kMaxSourceBytes >> 20);
}

} // namespace

std::string read_source_file(const std::string& path) {
    Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
    if (f.fd < 0) fail_errno(path);
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) fail_errno(path);
    if (S_ISDIR(st.st_mode))
        throw SourceReadError(fmt::format("{} is a folder, not a Python file", path), false);
    if (!S_ISREG(st.st_mode))
        throw SourceReadError(
            fmt::format("{} is not a regular file (a device, FIFO or socket); not read", path), false);
    if (static_cast<unsigned long long>(st.st_size) > limits::kMaxSourceBytes)
        throw SourceReadError(too_large(path, fmt::format("{} bytes", st.st_size)), true);
    // The file may grow while it is read: never read past the limit.
    std::string text;
    text.resize(static_cast<size_t>(st.st_size) + 1);
    size_t used = 0;
    for (;;) {
        if (used == text.size()) {
            if (used > limits::kMaxSourceBytes) throw SourceReadError(too_large(path, "growing"), true);
            text.resize(std::min(text.size() * 2, limits::kMaxSourceBytes + 1));
        }
        ssize_t n = ::read(f.fd, text.data() + used, text.size() - used);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail_errno(path);
        }
        if (n == 0) break;
        used += static_cast<size_t>(n);
    }
    if (used > limits::kMaxSourceBytes) throw SourceReadError(too_large(path, "growing"), true);
    text.resize(used);
    return text;
}

} // namespace ws
