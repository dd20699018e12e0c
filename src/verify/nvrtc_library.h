// NVRTC, loaded at run time with dlopen, so that warpsynth runs where the
// CUDA toolkit is absent (CUDA compilation is then "skipped: no NVRTC").
// Only the entry points verification needs; nvrtcProgram is an opaque handle.
#pragma once

#include <cstddef>
#include <string>

namespace ws::verify {

using nvrtcProgram = struct _nvrtcProgram*;
using nvrtcResult = int;

struct NvrtcLibrary {
    std::string path; // what was loaded
    int major = 0, minor = 0;
    nvrtcResult (*nvrtcVersion)(int*, int*);
    const char* (*nvrtcGetErrorString)(nvrtcResult);
    nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                                      const char* const*);
    nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram, int, const char* const*);
    nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram, size_t*);
    nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram, char*);
    nvrtcResult (*nvrtcGetPTXSize)(nvrtcProgram, size_t*);
    nvrtcResult (*nvrtcGetPTX)(nvrtcProgram, char*);
    nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram*);
    nvrtcResult (*nvrtcGetNumSupportedArchs)(int*);
    nvrtcResult (*nvrtcGetSupportedArchs)(int*);

    // The lowest and highest virtual architectures this NVRTC accepts (e.g. 75, 120).
    int min_arch() const;
    int max_arch() const;
};

// Loads NVRTC once per process. Looks at $WS_NVRTC (a file), then the
// dynamic loader's search path (libnvrtc.so, .so.13, .so.12), then
// $CUDA_HOME/lib64 and /usr/local/cuda/lib64. Null with `why` set if none loads.
const NvrtcLibrary* load_nvrtc(std::string& why);

} // namespace ws::verify
