#include "verify/runner/gpu.h"

#include "verify/runner/record_check.h"
#include "verify/runner/record_run.h"
#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace ws::verify::runner {

namespace {

// Device copies of every array argument (primal and adjoint), freed on exit.
struct DeviceBuffers {
    const CudaDriver* d;
    std::vector<CUdeviceptr> primal, adjoint;
    ~DeviceBuffers() {
        for (CUdeviceptr p : primal)
            if (p) d->cuMemFree(p);
        for (CUdeviceptr p : adjoint)
            if (p) d->cuMemFree(p);
    }
};

// Compares float components with a tolerance (the GPU contracts multiply-adds
// and orders atomic accumulations differently) and the rest exactly.
std::string compare(RecordRun& run, size_t i, const uint8_t* gpu, const uint8_t* cpu, double rtol,
                    double atol) {
    const ArgBuffers& a = run.args()[i];
    for (int64_t e = 0; e < a.count; ++e)
        for (int c = 0; c < a.desc.ncomp; ++c) {
            size_t off = size_t(e) * size_t(a.desc.elem_size) + size_t(a.desc.comps[c].offset);
            int s = a.desc.comps[c].scalar;
            double g = load_scalar(gpu + off, s), h = load_scalar(cpu + off, s);
            bool ok =
                is_float(s) ? std::fabs(g - h) <= atol + rtol * std::max(std::fabs(g), std::fabs(h)) : g == h;
            if (!ok)
                return a.element_name(e, c) + " is " + fmt_double(g) + " on the GPU, " + fmt_double(h) +
                       " on the CPU";
        }
    return {};
}

} // namespace

std::unique_ptr<GpuSession> GpuSession::open(const std::string& ptx_path, std::string& why) {
    CudaDeviceInfo info = probe_cuda_device();
    if (!info.present) {
        why = info.why_not;
        return nullptr;
    }
    std::unique_ptr<GpuSession> s(new GpuSession());
    s->d_ = load_cuda_driver(why);
    int ordinal = 0;
    if (const char* env = std::getenv("WS_CUDA_DEVICE")) ordinal = std::atoi(env);
    s->d_->cuDeviceGet(&s->dev_, ordinal);
    CUresult r = s->d_->cuDevicePrimaryCtxRetain(&s->ctx_, s->dev_);
    if (r == 0) r = s->d_->cuCtxSetCurrent(s->ctx_);
    if (r != 0) {
        why = "fail: cannot create a CUDA context: " + s->d_->error_string(r);
        return nullptr;
    }
    std::ifstream in(ptx_path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string ptx = ss.str();
    if (ptx.empty()) {
        why = "skipped: no PTX for this batch";
        return nullptr;
    }
    r = s->d_->cuModuleLoadData(&s->module_, ptx.c_str());
    if (r != 0) {
        why = "fail: the driver rejects the batch's PTX: " + s->d_->error_string(r);
        return nullptr;
    }
    return s;
}

GpuSession::~GpuSession() {
    if (module_) d_->cuModuleUnload(module_);
    if (ctx_) d_->cuDevicePrimaryCtxRelease(dev_);
}

std::string GpuSession::check(RecordRun& run, const CpuReference& ref) {
    const ws_record_entry& e = run.entry();
    if (!e.cuda_forward) return "skipped: the record has no CUDA code";
    CUfunction fwd = nullptr, bwd = nullptr;
    CUresult r = d_->cuModuleGetFunction(&fwd, module_, e.cuda_forward);
    if (r != 0)
        return std::string("fail: kernel missing from the PTX: ") + e.cuda_forward + " (" +
               d_->error_string(r) + ")";
    if (e.cuda_backward && ref.has_adjoint) {
        r = d_->cuModuleGetFunction(&bwd, module_, e.cuda_backward);
        if (r != 0)
            return std::string("fail: kernel missing from the PTX: ") + e.cuda_backward + " (" +
                   d_->error_string(r) + ")";
    }

    auto& args = run.args();
    DeviceBuffers dev{d_, std::vector<CUdeviceptr>(args.size(), 0), std::vector<CUdeviceptr>(args.size(), 0)};
    ws_call call = run.call();
    for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_array()) continue; // values travel inside the parameter block
        size_t bytes = std::max<size_t>(args[i].bytes(), 16);
        if (d_->cuMemAlloc(&dev.primal[i], bytes) != 0 || d_->cuMemAlloc(&dev.adjoint[i], bytes) != 0)
            return "fail: cuMemAlloc failed";
        call.data[i] = reinterpret_cast<void*>(dev.primal[i]);
        call.adj[i] = reinterpret_cast<void*>(dev.adjoint[i]);
    }
    auto upload = [&](bool adjoint) {
        for (size_t i = 0; i < args.size(); ++i)
            if (args[i].is_array()) {
                const void* src =
                    adjoint ? static_cast<const void*>(args[i].adjoint.data) : args[i].initial.data();
                if (d_->cuMemcpyHtoD(adjoint ? dev.adjoint[i] : dev.primal[i], src, args[i].bytes()) != 0)
                    return false;
            }
        return true;
    };
    size_t threads = 1;
    for (int k = 0; k < e.launch_ndim; ++k) threads *= size_t(e.dim[k]);
    const unsigned block = 256;
    const unsigned grid = unsigned(std::max<size_t>(1, (threads + block - 1) / block));
    std::vector<unsigned char> storage(1 << 16);
    std::vector<void*> params(2 * WS_MAX_ARGS + 1);
    auto launch = [&](CUfunction f, int backward) -> std::string {
        int n = e.cuda_params(&call, backward, storage.data(), storage.size(), params.data());
        if (n < 0) return "fail: kernel parameters too large";
        CUresult lr = d_->cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, nullptr, params.data(), nullptr);
        if (lr == 0) lr = d_->cuCtxSynchronize();
        if (lr != 0)
            return std::string("fail: CUDA launch failed: ") + (backward ? "backward: " : "forward: ") +
                   d_->error_string(lr);
        return {};
    };

    // Forward on the CPU's initial inputs, outputs against the CPU's.
    run.reset();
    if (!upload(false) || !upload(true)) return "fail: cuMemcpyHtoD failed";
    if (std::string err = launch(fwd, 0); !err.empty()) return err;
    std::vector<uint8_t> host;
    for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_array()) continue;
        host.resize(args[i].bytes());
        if (d_->cuMemcpyDtoH(host.data(), dev.primal[i], host.size()) != 0)
            return "fail: cuMemcpyDtoH failed";
        if (std::string diff = compare(run, i, host.data(), ref.forward[i].data(), 1e-4, 1e-5); !diff.empty())
            return "fail: GPU forward differs from CPU: " + diff;
    }
    if (!bwd) return "pass";

    // Backward on the GPU's forward state with the loss weights as seeds.
    run.seed_adjoints();
    if (!upload(true)) return "fail: cuMemcpyHtoD failed";
    if (std::string err = launch(bwd, 1); !err.empty()) return err;
    for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_array() || args[i].spec->is_output) continue;
        host.resize(args[i].bytes());
        if (d_->cuMemcpyDtoH(host.data(), dev.adjoint[i], host.size()) != 0)
            return "fail: cuMemcpyDtoH failed";
        if (std::string diff = compare(run, i, host.data(), ref.adjoint[i].data(), 1e-3, 1e-4); !diff.empty())
            return "fail: GPU adjoint differs from CPU: " + diff;
    }
    run.reset();
    return "pass";
}

} // namespace ws::verify::runner
