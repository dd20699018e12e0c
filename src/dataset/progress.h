// Progress of a long run on stderr: on a terminal, a bar with rate and ETA
// redrawn at most ten times a second; in a pipe or with --quiet, nothing until
// the one summary line at the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace ws::dataset {

class Progress {
  public:
    Progress(std::string what, uint64_t total, bool quiet);
    // `done` of `total` units (kernels), `kept` pairs written so far.
    void update(uint64_t done, uint64_t kept);
    // Clears the bar and prints `line` (always, also with --quiet).
    void finish(const std::string& line);
    double seconds() const;

  private:
    std::string what_;
    uint64_t total_;
    bool bar_;
    std::chrono::steady_clock::time_point start_, last_draw_;
    bool drawn_ = false;
};

} // namespace ws::dataset
