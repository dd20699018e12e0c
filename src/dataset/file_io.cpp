#include "dataset/file_io.h"

#include "dataset/io_error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <xxhash.h>

namespace ws::dataset {

std::string errno_message(const std::string& what, const fs::path& path) {
    return fmt::format("{} {}: {}", what, path.string(), std::strerror(errno));
}

namespace {

// Calls fn(data, size) for successive chunks of the file; IoError on failure.
template <class F>
void read_chunks(const fs::path& path, size_t chunk, F&& fn) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw IoError(errno_message("cannot read", path));
    std::vector<char> buf(chunk);
    for (;;) {
        ssize_t n = ::read(fd, buf.data(), buf.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            std::string msg = errno_message("cannot read", path);
            ::close(fd);
            throw IoError(msg);
        }
        if (n == 0) break;
        fn(buf.data(), static_cast<size_t>(n));
    }
    ::close(fd);
}

} // namespace

std::string read_file(const fs::path& path) {
    std::string out;
    read_chunks(path, 1 << 16, [&](const char* data, size_t n) { out.append(data, n); });
    return out;
}

namespace {

void write_all(int fd, const char* data, size_t size, const fs::path& path) {
    while (size > 0) {
        ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw IoError(errno_message("cannot write", path));
        }
        data += n;
        size -= static_cast<size_t>(n);
    }
}

} // namespace

void write_file_atomically(const fs::path& path, const std::string& text) {
    fs::path tmp = path;
    tmp += ".tmp";
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw IoError(errno_message("cannot write", tmp));
    try {
        write_all(fd, text.data(), text.size(), tmp);
        if (::fsync(fd) != 0) throw IoError(errno_message("cannot write", tmp));
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (::close(fd) != 0) {
        std::string msg = errno_message("cannot write", tmp);
        ::unlink(tmp.c_str());
        throw IoError(msg);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        std::string msg = errno_message("cannot rename to", path);
        ::unlink(tmp.c_str());
        throw IoError(msg);
    }
}

void sync_directory(const fs::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw IoError(errno_message("cannot open folder", dir));
    ::fsync(fd); // some file systems refuse fsync on folders; the rename is still atomic
    ::close(fd);
}

void ensure_writable_directory(const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw IoError(fmt::format("cannot create folder {}: {}", dir.string(), ec.message()));
    if (!fs::is_directory(dir)) throw IoError(fmt::format("{} is not a folder", dir.string()));
    if (::access(dir.c_str(), W_OK | X_OK) != 0) throw IoError(errno_message("cannot write to folder", dir));
}

uint64_t file_xxh3(const fs::path& path) {
    XXH3_state_t* state = XXH3_createState();
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> guard(state, XXH3_freeState);
    XXH3_64bits_reset(state);
    read_chunks(path, 1 << 20, [&](const char* data, size_t n) { XXH3_64bits_update(state, data, n); });
    return XXH3_64bits_digest(state);
}

void collect_python_files(const fs::path& p, std::vector<fs::path>& out) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
        std::vector<fs::path> found;
        for (const auto& e :
             fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied))
            if (e.is_regular_file() && e.path().extension() == ".py") found.push_back(e.path());
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
        out.push_back(p);
    } else {
        throw IoError(fmt::format("cannot read {}: no such file or folder", p.string()));
    }
}

} // namespace ws::dataset
