// Small file operations with crash-safe semantics: whole-file writes go to a
// temporary name in the same folder, are flushed to disk (fsync) and renamed
// over the target, so a reader (or a crash) sees the old file or the new one,
// never half of one. Failures throw IoError with the path and the reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ws::dataset {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path);
void write_file_atomically(const fs::path& path, const std::string& text);
// fsync of a folder, so that renames inside it are durable.
void sync_directory(const fs::path& dir);
// Moves a finished folder `tmp` (written beside `out`) to `out`, replacing an
// old `out`: a reader sees the old folder or the new one, never half of one.
void publish_folder(const fs::path& tmp, const fs::path& out);
// Creates the folder (and parents); IoError when that fails or it is not writable.
void ensure_writable_directory(const fs::path& dir);
// XXH3-64 of a file's bytes.
uint64_t file_xxh3(const fs::path& path);
// A path left out of a walk, and why.
struct PathSkip {
    std::string path;
    std::string reason;
};
// Appends `p` when it is a file, or the `.py` files under the folder `p`
// (recursively, sorted, without following links to folders: no loops); what
// cannot be read goes to `skipped` when given. IoError when `p` does not exist.
void collect_python_files(const fs::path& p, std::vector<fs::path>& out,
                          std::vector<PathSkip>* skipped = nullptr);
// "<what> <path>: <strerror(errno)>"
std::string errno_message(const std::string& what, const fs::path& path);

} // namespace ws::dataset
