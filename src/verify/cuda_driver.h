// The CUDA driver API, loaded at run time with dlopen (libcuda.so.1), so that
// warpsynth builds and runs on machines without a GPU or a driver. Only the
// handful of entry points verification needs; the types are the driver's
// documented ABI (opaque handles, int results).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace ws::verify {

using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUdeviceptr = unsigned long long;

struct CudaDriver {
    CUresult (*cuInit)(unsigned int);
    CUresult (*cuDeviceGetCount)(int*);
    CUresult (*cuDeviceGet)(CUdevice*, int);
    CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice);
    CUresult (*cuDeviceGetName)(char*, int, CUdevice);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
    CUresult (*cuCtxSetCurrent)(CUcontext);
    CUresult (*cuCtxSynchronize)();
    CUresult (*cuModuleLoadData)(CUmodule*, const void*);
    CUresult (*cuModuleUnload)(CUmodule);
    CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*);
    CUresult (*cuMemAlloc)(CUdeviceptr*, size_t);
    CUresult (*cuMemFree)(CUdeviceptr);
    CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, size_t);
    CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, size_t);
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                               unsigned, CUstream, void**, void**);
    CUresult (*cuGetErrorString)(CUresult, const char**);

    std::string error_string(CUresult r) const;
};

// Device attribute numbers (CUdevice_attribute).
constexpr int kAttrComputeCapabilityMajor = 75;
constexpr int kAttrComputeCapabilityMinor = 76;

// The driver, or null with `why` set ("no CUDA driver (libcuda.so.1 not found)").
// Loaded once per process; never unloaded.
const CudaDriver* load_cuda_driver(std::string& why);

struct CudaDeviceInfo {
    bool present = false;
    std::string why_not; // "skipped: ..." reason text when not present
    std::string name;
    int cc_major = 0, cc_minor = 0;
};

// Initialises the driver and looks at device 0 (or $WS_CUDA_DEVICE).
CudaDeviceInfo probe_cuda_device();

} // namespace ws::verify
