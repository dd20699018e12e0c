// Child processes for verification: compilers (output captured, time limit)
// and the kernel runner (a report pipe on fd 3, stdout discarded, stderr
// captured for sanitizer and crash messages). Every pipe is close-on-exec so
// that children spawned concurrently from several threads never inherit each
// other's pipes (which would keep them from ever seeing end-of-file).
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace ws::verify {

struct ProcessResult {
    bool started = false;
    int exit_code = -1; // when it exited
    int signal = 0;     // when a signal ended it
    bool timed_out = false;
    std::string output; // stdout and stderr, interleaved
    std::string error;  // why it did not start
};

// Runs argv[0] (looked up on PATH) and waits, killing its process group
// after `timeout_seconds`.
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds);

// A running child with a report pipe (its fd 3) and its stderr captured.
class ReportingChild {
  public:
    ReportingChild() = default;
    ~ReportingChild();
    ReportingChild(const ReportingChild&) = delete;
    ReportingChild& operator=(const ReportingChild&) = delete;

    bool start(const std::vector<std::string>& argv, std::string& error);
    // Waits up to `timeout_seconds` for the next complete report line.
    // Returns 1 with a line, 0 on timeout, -1 at end of file (the child closed
    // the pipe or died).
    int next_line(std::string& line, double timeout_seconds);
    // Kills the child (SIGKILL) if it is still running and reaps it.
    void kill_and_wait();
    // Reaps the child; fills exit status or signal.
    void wait(int& exit_code, int& signal);
    // The last few kilobytes of the child's stderr.
    const std::string& stderr_tail() const { return err_; }

  private:
    void drain_stderr();
    pid_t pid_ = -1;
    int report_fd_ = -1, err_fd_ = -1;
    std::string buf_, err_;
    bool reaped_ = false;
    int exit_code_ = -1, signal_ = 0;
};

std::string signal_description(int sig);

} // namespace ws::verify
