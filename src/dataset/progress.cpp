#include "dataset/progress.h"

#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>

namespace ws::dataset {

namespace {
std::string duration(double s) {
    auto t = static_cast<long>(s + 0.5);
    if (t >= 3600) return fmt::format("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60);
    return fmt::format("{}:{:02}", t / 60, t % 60);
}
} // namespace

Progress::Progress(std::string what, uint64_t total, bool quiet)
    : what_(std::move(what)), total_(total), bar_(!quiet && ::isatty(2)),
      start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

double Progress::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::update(uint64_t done, uint64_t kept) {
    if (!bar_) return;
    auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) && done < total_) return;
    last_draw_ = now;
    drawn_ = true;
    double secs = std::chrono::duration<double>(now - start_).count();
    double frac = total_ ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    const int width = 30;
    int fill = static_cast<int>(frac * width);
    std::string bar(static_cast<size_t>(fill), '=');
    if (fill < width) bar += '>' + std::string(static_cast<size_t>(width - fill - 1), ' ');
    double rate = secs > 0 ? static_cast<double>(kept) / secs : 0.0;
    double krate = secs > 0 ? static_cast<double>(done) / secs : 0.0;
    std::string eta = krate > 0 && done < total_ ? duration(static_cast<double>(total_ - done) / krate) : "-";
    std::fprintf(stderr, "\r%s [%s] %3d%% %llu/%llu  %.0f pairs/s  ETA %s \x1b[K", what_.c_str(), bar.c_str(),
                 static_cast<int>(frac * 100), static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(total_), rate, eta.c_str());
    std::fflush(stderr);
}

void Progress::finish(const std::string& line) {
    if (bar_ && drawn_) std::fprintf(stderr, "\r\x1b[K");
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

} // namespace ws::dataset
