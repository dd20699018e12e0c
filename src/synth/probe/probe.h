// The synthesizer's numeric probe: does every output of a kernel depend on its
// inputs? It runs the kernel in a small interpreter (machine.h) the way
// `warpsynth verify` runs the compiled kernel (src/verify/runner/input_dependence.h):
// once on inputs drawn from the launch specification, then on inputs drawn anew.
// The verifier also tries skewed draws (all low, all high, mixed), which catch
// some outputs that rarely move but not reliably; the probe asks more: every
// output must differ between every two of its runs, on samples of 4, 32, then 128
// threads (an output written by several threads, on every thread). The
// synthesizer draws a kernel that fails again. The probe says nothing (Unknown)
// about what its interpreter does not model or what would take too long to run.
#pragma once

#include "syntax/ast.h"
#include "synth/synth.h"

#include <string>

namespace ws::synth {

enum class ProbeVerdict : uint8_t { Depends, Ignores, Unknown };

struct ProbeResult {
    ProbeVerdict verdict = ProbeVerdict::Unknown;
    std::string detail; // Ignores: the outputs; Unknown: what stopped the probe
};

ProbeResult probe_dependence(const std::string& python_source, const LaunchSpec& launch);
// The same for a module its caller has parsed.
ProbeResult probe_dependence(const ast::Module& module, const LaunchSpec& launch);

} // namespace ws::synth
