#include "verify/cuda_driver.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace ws::verify {

std::string CudaDriver::error_string(CUresult r) const {
    const char* s = nullptr;
    if (cuGetErrorString && cuGetErrorString(r, &s) == 0 && s) return s;
    return "CUDA error " + std::to_string(r);
}

namespace {

template <class F>
bool bind(void* lib, F& fn, const char* name, const char* fallback, std::string& missing) {
    void* p = dlsym(lib, name);
    if (!p && fallback) p = dlsym(lib, fallback);
    fn = reinterpret_cast<F>(p);
    if (!p) missing = name;
    return p != nullptr;
}

const CudaDriver* load_once(std::string& why) {
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        why = "no CUDA driver (libcuda.so.1 not found)";
        return nullptr;
    }
    static CudaDriver d{};
    std::string missing;
    // The _v2 names are the ones the driver's headers map the plain names to
    // since CUDA 4 (64-bit sizes); the plain names are kept as fallbacks.
    bool ok = bind(lib, d.cuInit, "cuInit", nullptr, missing) &&
              bind(lib, d.cuDeviceGetCount, "cuDeviceGetCount", nullptr, missing) &&
              bind(lib, d.cuDeviceGet, "cuDeviceGet", nullptr, missing) &&
              bind(lib, d.cuDeviceGetAttribute, "cuDeviceGetAttribute", nullptr, missing) &&
              bind(lib, d.cuDeviceGetName, "cuDeviceGetName", nullptr, missing) &&
              bind(lib, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", nullptr, missing) &&
              bind(lib, d.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
                   "cuDevicePrimaryCtxRelease", missing) &&
              bind(lib, d.cuCtxSetCurrent, "cuCtxSetCurrent", nullptr, missing) &&
              bind(lib, d.cuCtxSynchronize, "cuCtxSynchronize", nullptr, missing) &&
              bind(lib, d.cuModuleLoadData, "cuModuleLoadData", nullptr, missing) &&
              bind(lib, d.cuModuleUnload, "cuModuleUnload", nullptr, missing) &&
              bind(lib, d.cuModuleGetFunction, "cuModuleGetFunction", nullptr, missing) &&
              bind(lib, d.cuMemAlloc, "cuMemAlloc_v2", "cuMemAlloc", missing) &&
              bind(lib, d.cuMemFree, "cuMemFree_v2", "cuMemFree", missing) &&
              bind(lib, d.cuMemcpyHtoD, "cuMemcpyHtoD_v2", "cuMemcpyHtoD", missing) &&
              bind(lib, d.cuMemcpyDtoH, "cuMemcpyDtoH_v2", "cuMemcpyDtoH", missing) &&
              bind(lib, d.cuLaunchKernel, "cuLaunchKernel", nullptr, missing) &&
              bind(lib, d.cuGetErrorString, "cuGetErrorString", nullptr, missing);
    if (!ok) {
        why = "the CUDA driver lacks " + missing;
        return nullptr;
    }
    return &d;
}

} // namespace

const CudaDriver* load_cuda_driver(std::string& why) {
    static std::once_flag once;
    static const CudaDriver* driver = nullptr;
    static std::string reason;
    std::call_once(once, [] { driver = load_once(reason); });
    why = reason;
    return driver;
}

CudaDeviceInfo probe_cuda_device() {
    CudaDeviceInfo info;
    std::string why;
    const CudaDriver* d = load_cuda_driver(why);
    if (!d) {
        info.why_not = "no CUDA device (" + why + ")";
        return info;
    }
    CUresult r = d->cuInit(0);
    if (r != 0) {
        info.why_not = "no CUDA device (cuInit: " + d->error_string(r) + ")";
        return info;
    }
    int count = 0;
    if (d->cuDeviceGetCount(&count) != 0 || count == 0) {
        info.why_not = "no CUDA device";
        return info;
    }
    int ordinal = 0;
    if (const char* env = std::getenv("WS_CUDA_DEVICE")) ordinal = std::atoi(env);
    if (ordinal < 0 || ordinal >= count) {
        info.why_not = "no CUDA device (WS_CUDA_DEVICE=" + std::to_string(ordinal) + " out of range)";
        return info;
    }
    CUdevice dev = 0;
    if (d->cuDeviceGet(&dev, ordinal) != 0) {
        info.why_not = "no CUDA device (cuDeviceGet failed)";
        return info;
    }
    char name[256] = {};
    d->cuDeviceGetName(name, sizeof name - 1, dev);
    d->cuDeviceGetAttribute(&info.cc_major, kAttrComputeCapabilityMajor, dev);
    d->cuDeviceGetAttribute(&info.cc_minor, kAttrComputeCapabilityMinor, dev);
    info.present = true;
    info.name = name;
    return info;
}

} // namespace ws::verify
