// A Python source file held in memory, with the line table every later phase
// uses for positions and for the source-line comments Warp prints.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

class SourceFile {
  public:
    // `path` is how the file is named in diagnostics and in `// path:line` comments.
    SourceFile(std::string path, std::string text);

    const std::string& path() const { return path_; }
    const std::string& text() const { return text_; }

    // Number of lines; a final line without '\n' counts.
    int line_count() const { return static_cast<int>(line_starts_.size()); }
    // 1-based line, without its line terminator. Inline: every statement's source comment
    // reads one.
    std::string_view line(int lineno) const {
        if (lineno < 1 || lineno > line_count()) return {};
        // The line runs to the next one's start, less its terminator ("\n", "\r\n" or "\r").
        size_t begin = line_starts_[static_cast<size_t>(lineno) - 1];
        size_t end = lineno < line_count() ? line_starts_[static_cast<size_t>(lineno)] : text_.size();
        if (end > begin && text_[end - 1] == '\n') --end;
        if (end > begin && text_[end - 1] == '\r') --end;
        return {text_.data() + begin, end - begin}; // within the text: no substr() check
    }

  private:
    std::string path_;
    std::string text_;
    std::vector<size_t> line_starts_;
};

// Reads the Python source at `path`: a regular file (FIFOs, devices and
// folders are refused without being read) of at most limits::kMaxSourceBytes.
// Throws SourceReadError.
std::string read_source_file(const std::string& path);

// A file that cannot be read as a Python source: `message` names the path.
class SourceReadError : public std::runtime_error {
  public:
    SourceReadError(const std::string& message, bool over_limit)
        : std::runtime_error(message), over_limit_(over_limit) {}
    // The file is larger than the limit (otherwise: missing, unreadable, not a file).
    bool over_limit() const { return over_limit_; }

  private:
    bool over_limit_;
};

// A position in a source file: 1-based line, 0-based column in UTF-8 bytes,
// exactly as CPython's ast reports lineno/col_offset.
struct Pos {
    int line = 0;
    int col = 0;
    int end_line = 0;
    int end_col = 0;
};

// An error in the user's input. Printed as `file:line:col: error: message`,
// with a 1-based column (compiler convention; CPython's col_offset + 1).
class CompileError : public std::runtime_error {
  public:
    CompileError(std::string file, int line, int col, std::string message)
        : std::runtime_error(message), file_(std::move(file)), line_(line), col_(col) {}

    const std::string& file() const { return file_; }
    int line() const { return line_; }
    // 1-based column.
    int col() const { return col_; }
    std::string message() const { return what(); }
    // `file:line:col: error: message`
    std::string format() const;

  private:
    std::string file_;
    int line_;
    int col_;
};

} // namespace ws
