// CUDA batch units compiled to PTX with NVRTC (loaded at run time), with the
// options Warp itself passes to NVRTC for a release-mode module.
#pragma once

#include "verify/bisect.h"
#include "verify/nvrtc_library.h"

#include <string>

namespace ws::verify {

enum class CudaMode {
    Full,   // Warp's options: full optimisation, PTX (slowest; what Warp runs)
    Fast,   // the same, with --Ofast-compile=max: complete PTX, less optimised
    Syntax, // front end only (--fdevice-syntax-only): parses and type-checks, no PTX
};

bool cuda_mode_from_name(const std::string& name, CudaMode& out);
const char* cuda_mode_name(CudaMode m);

struct CudaCompilerConfig {
    std::string native_dir;
    int arch = 0; // compute_<arch>; 0: the lowest this NVRTC supports (75 for CUDA 13)
    CudaMode mode = CudaMode::Fast;
};

// Compiles one unit; when ok and `ptx_path` is not empty, writes the PTX there.
// `implicated` holds unit LINES that errors point at.
Attempt compile_cuda_unit(const NvrtcLibrary& nvrtc, const CudaCompilerConfig& config,
                          const std::string& source, const std::string& unit_name,
                          const std::string& ptx_path);

} // namespace ws::verify
