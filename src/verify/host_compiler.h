// The host C++ compiler for CPU batch units: compiles a unit (warpsynth's CPU
// preamble + records + glue) into a shared object the runner loads.
//
// Flags follow Warp's CPU build (C++17, tiles in stack memory) except that
// NDEBUG is NOT defined: Warp's headers then keep their assert()s, which
// include the array bounds checks of Warp's debug mode; with WP_NO_CRT they
// call _wp_assert, which the runner turns into a failed record. -O0 keeps
// compilation fast (the kernels are run on tiny launches).
//
// Every unit starts with `#include "ws_prefix.h"` (the preamble, the runner
// ABI and the glue helpers); its precompiled form is built once and cached,
// which takes Warp's headers out of every compilation after the first.
//
// The compiler "auto" is clang++-19 when it runs, else g++: clang 19 parses
// Warp's _Float16 (clang 14 does not) and compiles a batch unit at -O0 in
// about half g++'s time. clang's PCH is passed with -include-pch (it is not
// looked up next to the header as g++'s .gch is), so the prefix has
// `#pragma once` and the unit's own #include of it is then a no-op.
//
// With clang, the Warp templates most records instantiate (warp_instances.txt: vector, matrix
// and array helpers and their adjoints) are compiled once per prefix at -O2 into
// libws_instances.so, which every unit links against; the prefix declares them `extern
// template`. A unit then neither generates their code nor runs them at -O0: the kernels spend
// about half the time, with the same values (x86-64's baseline has no FMA and no fast-math flag
// is set, so -O2 keeps every IEEE operation as written). The PCH is built with -fpch-codegen:
// the inline functions of the prefix (Warp's non-template helpers such as mul(float, float),
// the glue) are compiled once at -O2 into libws_prefix.so, which units link against too.
#pragma once

#include "verify/bisect.h"
#include "verify/process.h"

#include <string>
#include <vector>

namespace ws::verify {

struct HostCompilerConfig {
    std::string cxx = "auto"; // "auto": clang++-19 if it runs, else g++
    std::string native_dir;
    std::string cache_dir; // where ws_prefix.h and its .gch live (created if needed)
    bool sanitize = false; // -fsanitize=undefined: undefined behaviour in a kernel fails its record
    bool pch = true;
    // clang: the Warp templates most records use come precompiled at -O2 (build_instances).
    bool instances = true;
    double timeout_seconds = 600;
    int block_dim =
        256; // WP_TILE_BLOCK_DIM of the prefix (1 for tile kernels built as Warp's CPU launch does)
};

class HostCompiler {
  public:
    explicit HostCompiler(HostCompilerConfig config);

    // Finds the compiler, writes the prefix header and builds its PCH (a PCH
    // failure only costs speed). False with `error` if the compiler is unusable.
    bool prepare(std::string& error);

    const std::string& prefix_header() const { return prefix_name_; }
    const std::string& version() const { return version_; }
    // The compiler in use ("auto" resolved), as verdicts name it.
    const std::string& cxx() const { return config_.cxx; }
    bool pch_ready() const { return pch_ready_; }
    bool instances_ready() const { return instances_ready_; }

    // Compiles `source` into the shared object `so`. On failure `message`
    // holds the first error and `implicated` the unit LINES errors point at
    // (the caller maps them to records).
    Attempt compile_shared(const std::string& source, const std::string& so) const;

  private:
    // The compiler flags of a unit (or of the prefix's own builds) with the prefix in prefix_dir.
    std::vector<std::string> flags(const std::string& prefix_dir) const;
    std::string pch_file() const { return prefix_name_ + (clang_ ? ".pch" : ".gch"); }
    bool write_prefix(const std::string& dir, const std::string& prefix, std::string& error) const;
    bool build_pch(const std::string& dir, const std::string& out, std::string& error, bool codegen);
    bool build_prefix_lib(const std::string& dir, const std::string& pch, const std::string& lib);
    bool build_clang_pch(const std::string& dir, const std::string& tag, std::string& error);
    bool build_instances(const std::string& dir, std::string& externs);
    HostCompilerConfig config_;
    bool clang_ = false;
    bool lld_ = false; // clang links with ld.lld when it is installed
    std::string prefix_dir_;
    std::string prefix_name_ = "ws_prefix.h";
    std::string version_;
    bool pch_ready_ = false;
    bool instances_ready_ = false;
    bool prefix_lib_ready_ = false; // clang: the PCH's inline functions are in libws_prefix.so
};

// Unit line numbers that a g++ / NVRTC log blames (errors and the
// "required from" / "detected during" context lines), for `unit_name`.
std::vector<int> blamed_lines(const std::string& log, const std::string& unit_name);
// The first error of a compiler log, without file/line prefixes, on one line.
std::string first_error(const std::string& log);

} // namespace ws::verify
