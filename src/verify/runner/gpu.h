// The GPU step of the runner: load the batch's PTX with the driver API,
// launch a record's CUDA forward and backward kernels on the inputs the CPU
// run used, and compare outputs and adjoints with the CPU's.
#pragma once

#include "verify/cuda_driver.h"

#include <memory>
#include <string>

namespace ws::verify::runner {

class RecordRun;
struct CpuReference;

class GpuSession {
  public:
    // Null with `why` set when there is no device or the PTX does not load.
    static std::unique_ptr<GpuSession> open(const std::string& ptx_path, std::string& why);
    ~GpuSession();

    // "pass", "fail: ..." or "skipped: ...".
    std::string check(RecordRun& run, const CpuReference& ref);

  private:
    GpuSession() = default;
    const CudaDriver* d_ = nullptr;
    CUdevice dev_ = 0;
    CUcontext ctx_ = nullptr;
    CUmodule module_ = nullptr;
};

} // namespace ws::verify::runner
