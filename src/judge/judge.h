// `warpsynth judge`: is a candidate Warp kernel a correct answer for a record
// of a dataset? The candidate is compiled by warpsynth (as Warp would), its
// argument struct compared with the record's, and both kernels are compiled
// by the host compiler into one shared object (many candidates per
// translation unit, verify's batch units) and run side by side by verify's
// runner in judge mode (runner/judge_pair.h: child process, time limit,
// bounds checks, several input draws from the record's launch specification).
// README.md in this folder has the verdict schema and the tolerances.
#pragma once

#include "judge/verdict.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ws::judge {

struct JudgeOptions {
    std::string dataset;      // the dataset folder whose record ids candidates name
    std::string warp_include; // empty: $WARP_INCLUDE, then python3 on PATH
    std::string cxx = "g++";
    std::string cache_dir; // precompiled prefix; empty: verify's default cache
    std::string runner;    // warpsynth-verify-runner; empty: found automatically
    std::string work_dir;  // empty: a fresh temporary folder, removed afterwards
    bool keep_work = false;
    unsigned jobs = 0;      // parallel compilations and runners; 0: hardware threads
    size_t batch_size = 64; // candidates per translation unit
    int draws = 3;          // input draws compared per candidate
    double timeout = 10;    // seconds of execution per candidate
    uint64_t seed = 1;      // input draws (mixed with each record's id, as in verify)
};

struct Candidate {
    std::string id;     // the record it answers
    std::string source; // Python module text
    std::string path;   // its file, when it came from one (named in compile errors)
    std::string error;  // why it could not be read (then it is not judged)
};

// Where the time of judge() calls went (seconds summed over parallel workers).
struct JudgeTimes {
    double prepare = 0; // reading the records, warpsynth compiling both kernels
    double compile = 0; // the host compiler (batch units)
    double run = 0;     // the runner
};

class Judge {
  public:
    // Finds Warp's headers, the host compiler (its precompiled prefix) and
    // the runner; throws std::runtime_error when judging cannot work here.
    explicit Judge(JudgeOptions options);
    ~Judge();
    Judge(const Judge&) = delete;
    Judge& operator=(const Judge&) = delete;

    // One verdict per candidate, in order. Deterministic: the same
    // candidates and options give the same verdicts whatever `jobs` is.
    std::vector<Verdict> judge(const std::vector<Candidate>& candidates);

    // Totals of every judge() call so far.
    JudgeTimes times() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace ws::judge
