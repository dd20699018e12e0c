#include "verify/source_records.h"

#include "codegen/compile.h"
#include "syntax/source.h"
#include "verify/warp_headers.h"

#include <filesystem>
#include <memory>

namespace ws::verify {

std::vector<dataset::Record> records_from_python(const std::string& path, const std::string& text,
                                                 const std::string& warp_include) {
    auto source = std::make_shared<SourceFile>(path, text);
    CompileOptions o;
    o.strip_hash = true;
    o.warp_package = [warp_include] { return locate_warp_headers(warp_include).package_dir; };
    o.comment_path = "/warpsynth/" + std::filesystem::path(path).filename().string();
    o.device = Device::Cuda;
    CompileOutput cuda = compile_module(source, o);
    o.device = Device::Cpu;
    CompileOutput cpu = compile_module(source, o);

    std::vector<dataset::Record> out;
    const std::string stem = std::filesystem::path(path).stem().string();
    for (size_t i = 0; i < cuda.kernels.size() && i < cpu.kernels.size(); ++i) {
        const KernelText& g = cuda.kernels[i];
        const KernelText& c = cpu.kernels[i];
        dataset::Record r;
        r.id = stem + ":" + g.name;
        r.kernel_name = g.name;
        r.category = "file";
        r.python_source = text;
        r.cuda_forward = cuda.text(g.forward);
        r.cuda_backward = cuda.text(g.backward);
        r.cuda_functions = g.functions;
        r.cpu_forward = cpu.text(c.forward);
        r.cpu_backward = cpu.text(c.backward);
        r.cpu_functions = c.functions;
        r.cpu_entry = cpu.text(c.entry);
        r.device = "both";
        r.has_backward = !g.backward.empty();
        r.builtins = cuda.builtins_used;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace ws::verify
