#include "verify/nvrtc_library.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <vector>

namespace ws::verify {

namespace {

template <class F>
bool bind(void* lib, F& fn, const char* name, std::string& missing) {
    fn = reinterpret_cast<F>(dlsym(lib, name));
    if (!fn) missing = name;
    return fn != nullptr;
}

const NvrtcLibrary* load_once(std::string& why) {
    std::vector<std::string> candidates;
    if (const char* env = std::getenv("WS_NVRTC"); env && *env) candidates.push_back(env);
    for (const char* n : {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"}) candidates.push_back(n);
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* root = std::getenv(var); root && *root)
            candidates.push_back(std::string(root) + "/lib64/libnvrtc.so");
    candidates.push_back("/usr/local/cuda/lib64/libnvrtc.so");

    void* lib = nullptr;
    std::string loaded;
    for (const std::string& c : candidates) {
        lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib) {
            loaded = c;
            break;
        }
    }
    if (!lib) {
        why = "no NVRTC (libnvrtc.so not found; install the CUDA toolkit or set WS_NVRTC)";
        return nullptr;
    }
    static NvrtcLibrary n{};
    n.path = loaded;
    std::string missing;
    bool ok = bind(lib, n.nvrtcVersion, "nvrtcVersion", missing) &&
              bind(lib, n.nvrtcGetErrorString, "nvrtcGetErrorString", missing) &&
              bind(lib, n.nvrtcCreateProgram, "nvrtcCreateProgram", missing) &&
              bind(lib, n.nvrtcCompileProgram, "nvrtcCompileProgram", missing) &&
              bind(lib, n.nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize", missing) &&
              bind(lib, n.nvrtcGetProgramLog, "nvrtcGetProgramLog", missing) &&
              bind(lib, n.nvrtcGetPTXSize, "nvrtcGetPTXSize", missing) &&
              bind(lib, n.nvrtcGetPTX, "nvrtcGetPTX", missing) &&
              bind(lib, n.nvrtcDestroyProgram, "nvrtcDestroyProgram", missing) &&
              bind(lib, n.nvrtcGetNumSupportedArchs, "nvrtcGetNumSupportedArchs", missing) &&
              bind(lib, n.nvrtcGetSupportedArchs, "nvrtcGetSupportedArchs", missing);
    if (!ok) {
        why = "no usable NVRTC (" + loaded + " lacks " + missing + ")";
        return nullptr;
    }
    n.nvrtcVersion(&n.major, &n.minor);
    return &n;
}

std::vector<int> supported(const NvrtcLibrary& n) {
    int count = 0;
    if (n.nvrtcGetNumSupportedArchs(&count) != 0 || count <= 0) return {};
    std::vector<int> archs(static_cast<size_t>(count));
    n.nvrtcGetSupportedArchs(archs.data());
    std::sort(archs.begin(), archs.end());
    return archs;
}

} // namespace

int NvrtcLibrary::min_arch() const {
    auto a = supported(*this);
    return a.empty() ? 75 : a.front();
}

int NvrtcLibrary::max_arch() const {
    auto a = supported(*this);
    return a.empty() ? 75 : a.back();
}

const NvrtcLibrary* load_nvrtc(std::string& why) {
    static std::once_flag once;
    static const NvrtcLibrary* lib = nullptr;
    static std::string reason;
    std::call_once(once, [] { lib = load_once(reason); });
    why = reason;
    return lib;
}

} // namespace ws::verify
