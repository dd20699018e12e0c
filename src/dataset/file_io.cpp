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

void publish_folder(const fs::path& tmp, const fs::path& out) {
    fs::path old = out;
    old += fmt::format(".old-{}", ::getpid());
    bool replaced = fs::exists(out);
    if (replaced) fs::rename(out, old);
    fs::rename(tmp, out);
    sync_directory(fs::absolute(out).parent_path());
    if (replaced) fs::remove_all(old);
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

namespace {

// The .py files under folder `root`, sorted. The walk keeps no folder open
// while it descends (deep trees cannot exhaust file descriptors), does not
// follow symbolic links to folders (no loops), and skips with a reason what
// it cannot read: a link that loops or dangles, a folder it may not list.
void walk_folder(const fs::path& root, std::vector<fs::path>& out, std::vector<PathSkip>* skipped) {
    std::vector<fs::path> found;
    std::vector<fs::path> folders{root};
    while (!folders.empty()) {
        fs::path dir = std::move(folders.back());
        folders.pop_back();
        std::error_code ec;
        fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
        for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
            const fs::path& p = it->path();
            std::error_code type_ec;
            fs::file_status link = it->symlink_status(type_ec);
            if (!type_ec && fs::is_directory(link)) {
                folders.push_back(p);
                continue;
            }
            if (type_ec || p.extension() != ".py") continue;
            // A file, or a link to one: its target must resolve.
            fs::file_status target = fs::status(p, type_ec);
            if (type_ec) {
                if (skipped) skipped->push_back({p.string(), "cannot read: " + type_ec.message()});
            } else if (!fs::is_directory(target))
                found.push_back(p); // non-regular files are refused when read
        }
        if (ec && skipped) skipped->push_back({dir.string(), "cannot list this folder: " + ec.message()});
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
}

} // namespace

void collect_python_files(const fs::path& p, std::vector<fs::path>& out, std::vector<PathSkip>* skipped) {
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (fs::is_directory(st))
        walk_folder(p, out, skipped);
    else if (fs::exists(st))
        out.push_back(p);
    else if (ec && ec != std::errc::no_such_file_or_directory)
        throw IoError(fmt::format("cannot read {}: {}", p.string(), ec.message()));
    else
        throw IoError(fmt::format("cannot read {}: no such file or folder", p.string()));
}

} // namespace ws::dataset
