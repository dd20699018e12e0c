// The runner's reports to its parent, one line each on a dedicated pipe (the
// kernels' own printf output goes to stdout, which the parent discards).
//
//   S <k>                                  record k starts
//   P <k>                                  record k ran cleanly on its inputs; it now runs on inputs
//                                          drawn anew (a crash from here on happened on those)
//   F <k> \t <executed> \t <depends> [\t <outputs>]
//                                          record k's forward checks are done (what follows is the
//                                          gradient check: a crash from here on is the backward pass's);
//                                          judge mode adds the output comparison
//   R <k> \t <executed> \t <grad> \t <gpu> \t <depends>
//                                          record k's verdicts
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
void report_redrawing(long k);
void report_forward_done(long k, const std::string& executed, const std::string& depends,
                         const std::string& outputs = {});
void report_result(long k, const std::string& executed, const std::string& grad, const std::string& gpu,
                   const std::string& depends);
void report_error(const std::string& message);
void report_done();
// A failed assert(): fatal (reported, then the runner exits) except inside
// the backward pass, see set_in_backward().
void report_assert(const char* message, const char* file, unsigned line);

// While set, failed asserts are remembered instead of fatal. Warp's adjoint of
// `array.shape` assigns a zero shape to the adjoint array (`adj_x.shape =
// adj_N;`), so debug-mode bounds checks on adjoint arrays fail later in the
// same backward pass even though every access is in bounds (Warp's own debug
// mode trips on it too). Release builds, which Warp users run, do not check:
// the backward pass continues exactly as it would there.
void set_in_backward(bool on);
// The first assert swallowed since the last call, or empty.
std::string take_backward_assert();
[[noreturn]] void report_unsupported(const char* message);

// Verdict text without tabs or newlines, bounded in length.
std::string one_line(const std::string& s, size_t limit = 600);
// A number in a verdict (six significant digits; every NaN is "nan").
std::string fmt_double(double v);

} // namespace ws::verify::runner
