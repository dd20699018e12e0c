// The runner's reports to its parent, one line each on a dedicated pipe (the
// kernels' own printf output goes to stdout, which the parent discards).
//
//   S <k>                                  record k starts
//   F <k> \t <executed>                    record k's forward checks are done (what follows is the
//                                          gradient check: a crash from here on is the backward pass's)
//   R <k> \t <executed> \t <grad> \t <gpu>  record k's verdicts
//   A <k> \t <message>                     a bounds check (assert) failed in record k; the runner exits
//   U <k> \t <message>                     record k needs something the runner lacks; the runner exits
//   E \t <message>                         the runner cannot work at all (bad shared object, ...)
//   D                                      every record was run
//
// A line is written with one write() of at most PIPE_BUF bytes, so it never
// interleaves and survives the process dying right after.
#pragma once

#include <string>

namespace ws::verify::runner {

void set_report_fd(int fd);
void set_current_record(long k);
long current_record();

void report_start(long k);
void report_forward_done(long k, const std::string& executed);
void report_result(long k, const std::string& executed, const std::string& grad, const std::string& gpu);
void report_error(const std::string& message);
void report_done();
[[noreturn]] void report_assert(const char* message, const char* file, unsigned line);
[[noreturn]] void report_unsupported(const char* message);

// Verdict text without tabs or newlines, bounded in length.
std::string one_line(const std::string& s, size_t limit = 600);

} // namespace ws::verify::runner
