// libFuzzer target: the whole compile path, source text to Warp's BODY for CUDA and CPU with
// backward (adjoint) code. Rejecting the input must be a CompileError; anything else (a crash,
// a sanitizer report, another exception, which the CLI reports as an internal error) is a bug.
#include "codegen/compile.h"
#include "syntax/source.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto source =
        std::make_shared<ws::SourceFile>("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
    for (ws::Device device : {ws::Device::Cuda, ws::Device::Cpu}) {
        ws::CompileOptions options;
        options.device = device;
        options.comment_path = "/fuzz/fuzz.py";
        try {
            ws::compile_module(source, options);
        } catch (const ws::CompileError&) {
            return 0; // the same error on the other device
        }
    }
    return 0;
}
