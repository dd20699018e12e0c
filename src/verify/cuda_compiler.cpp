#include "verify/cuda_compiler.h"

#include "verify/host_compiler.h"

#include <cstring>
#include <fstream>
#include <vector>

namespace ws::verify {

bool cuda_mode_from_name(const std::string& name, CudaMode& out) {
    if (name == "full")
        out = CudaMode::Full;
    else if (name == "fast")
        out = CudaMode::Fast;
    else if (name == "syntax")
        out = CudaMode::Syntax;
    else
        return false;
    return true;
}

const char* cuda_mode_name(CudaMode m) {
    switch (m) {
    case CudaMode::Full: return "full";
    case CudaMode::Fast: return "fast";
    default: return "syntax";
    }
}

Attempt compile_cuda_unit(const NvrtcLibrary& n, const CudaCompilerConfig& config, const std::string& source,
                          const std::string& unit_name, const std::string& ptx_path) {
    Attempt a;
    const int arch = config.arch > 0 ? config.arch : n.min_arch();
    const bool recent = n.major > 12 || (n.major == 12 && n.minor >= 8);
    std::vector<std::string> opts = {
        "--gpu-architecture=compute_" + std::to_string(arch),
        "--include-path=" + config.native_dir,
        "--std=c++17",
        "--define-macro=NDEBUG",
        "--undefine-macro=WP_VERIFY_FP",
        "--define-macro=WP_ENABLE_MATHDX=0",
        "--fmad=true",
        "--device-as-default-execution-space",
        "--restrict",
        // Warp silences "declared but never referenced" / "set but never used".
        "--diag-suppress=177,550",
    };
    // NVRTC 12.8+ caches the parse of Warp's headers between compilations in
    // this process (automatic precompiled header).
    if (recent) opts.push_back("-pch");
    if (config.mode == CudaMode::Fast && recent) opts.push_back("--Ofast-compile=max");
    if (config.mode == CudaMode::Syntax) opts.push_back("--fdevice-syntax-only");
    std::vector<const char*> argv;
    for (const std::string& o : opts) argv.push_back(o.c_str());

    nvrtcProgram prog = nullptr;
    int rc = n.nvrtcCreateProgram(&prog, source.c_str(), unit_name.c_str(), 0, nullptr, nullptr);
    if (rc != 0) {
        a.message = std::string("nvrtcCreateProgram: ") + n.nvrtcGetErrorString(rc);
        return a;
    }
    rc = n.nvrtcCompileProgram(prog, int(argv.size()), argv.data());
    size_t log_size = 0;
    n.nvrtcGetProgramLogSize(prog, &log_size);
    std::string log(log_size, '\0');
    if (log_size > 1) n.nvrtcGetProgramLog(prog, log.data());
    log.resize(std::strlen(log.c_str()));
    if (rc == 0) {
        a.ok = true;
        if (!ptx_path.empty() && config.mode != CudaMode::Syntax) {
            size_t size = 0;
            n.nvrtcGetPTXSize(prog, &size);
            std::string ptx(size, '\0');
            n.nvrtcGetPTX(prog, ptx.data());
            std::ofstream out(ptx_path, std::ios::binary);
            out.write(ptx.data(),
                      std::streamsize(ptx.size() > 0 ? ptx.size() - 1 : 0)); // drop the terminating NUL
            a.artifact = ptx_path;
        }
    } else {
        a.message = log.empty() ? std::string(n.nvrtcGetErrorString(rc)) : first_error(log);
        for (int line : blamed_lines(log, unit_name)) a.implicated.push_back(size_t(line));
    }
    n.nvrtcDestroyProgram(&prog);
    return a;
}

} // namespace ws::verify
