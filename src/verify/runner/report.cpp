#include "verify/runner/report.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace ws::verify::runner {

namespace {
int g_fd = 3;
long g_record = -1;

void write_line(std::string line) {
    if (line.size() > 3800) line.resize(3800); // stay below PIPE_BUF
    line += '\n';
    const char* p = line.data();
    size_t left = line.size();
    while (left > 0) {
        ssize_t n = ::write(g_fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            _exit(3); // the parent is gone: nothing left to report to
        }
        p += n;
        left -= size_t(n);
    }
}
} // namespace

void set_report_fd(int fd) {
    g_fd = fd;
}
void set_current_record(long k) {
    g_record = k;
}
long current_record() {
    return g_record;
}

std::string one_line(const std::string& s, size_t limit) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
    if (out.size() > limit) out = out.substr(0, limit) + "...";
    return out;
}

void report_start(long k) {
    write_line("S " + std::to_string(k));
}

void report_redrawing(long k) {
    write_line("P " + std::to_string(k));
}

void report_forward_done(long k, const std::string& executed, const std::string& depends,
                         const std::string& outputs) {
    write_line("F " + std::to_string(k) + "\t" + one_line(executed) + "\t" + one_line(depends) +
               (outputs.empty() ? "" : "\t" + one_line(outputs)));
}

void report_result(long k, const std::string& executed, const std::string& grad, const std::string& gpu,
                   const std::string& depends) {
    write_line("R " + std::to_string(k) + "\t" + one_line(executed) + "\t" + one_line(grad) + "\t" +
               one_line(gpu) + "\t" + one_line(depends));
}

void report_error(const std::string& message) {
    write_line("E\t" + one_line(message, 2000));
}

void report_done() {
    write_line("D");
}

namespace {
bool g_in_backward = false;
std::string g_backward_assert;
} // namespace

void set_in_backward(bool on) {
    g_in_backward = on;
}

std::string take_backward_assert() {
    std::string s;
    s.swap(g_backward_assert);
    return s;
}

void report_assert(const char* message, const char* file, unsigned line) {
    const char* base = file ? std::strrchr(file, '/') : nullptr;
    std::string where = base ? base + 1 : (file ? file : "?");
    if (g_in_backward) {
        if (g_backward_assert.empty())
            g_backward_assert = one_line(std::string(message ? message : "?")) + " (" + where + ":" +
                                std::to_string(line) + ")";
        return;
    }
    write_line("A " + std::to_string(g_record) + "\t" + one_line(std::string(message ? message : "?")) +
               " (" + where + ":" + std::to_string(line) + ")");
    _exit(71);
}

void report_unsupported(const char* message) {
    write_line("U " + std::to_string(g_record) + "\t" + one_line(message));
    _exit(72);
}

std::string fmt_double(double v) {
    if (std::isnan(v)) return "nan"; // printf would show the sign bit ("-nan"), which means nothing
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

} // namespace ws::verify::runner
