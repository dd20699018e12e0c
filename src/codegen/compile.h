// The one path from Python source to Warp's C++: parse, build every kernel
// and the functions it calls the way Warp's ModuleBuilder does, and assemble
// the module text. Used by `compile`, `generate`, `extract` and `validate`.
#pragma once

#include "syntax/source.h"
#include "types/str_cat.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

namespace ast {
struct Module;
}

enum class Device { Cuda, Cpu };

struct CompileOptions {
    Device device = Device::Cuda;
    // Kernel names without Warp's hash suffix (the fidelity contract's mode).
    bool strip_hash = true;
    // Emit backward kernels and adjoint functions (Warp's enable_backward).
    bool enable_backward = true;
    // Path printed in `// path:line` comments above functions. Empty means the
    // source file's path as given, made absolute the way Python does
    // (current directory + "/" + path, not normalised).
    std::string comment_path;
    // The installed `warp` package directory, whose Python source holds the
    // builtins Warp writes in Python (wp.smooth_normalize, wp.quat_from_euler):
    // asked once, only when a kernel calls one; throws std::runtime_error
    // saying why Warp cannot be found. Unset: those builtins are refused.
    std::function<std::string()> warp_package;
    // Warp's block_dim option for CPU code: 256, the module default (what Warp's reference output
    // and the dataset's records use), or 1, what Warp builds for a CPU launch unless
    // wp.config.enable_cpu_blocks is set (one lane per block; `verify` runs tile kernels so).
    // CUDA code is always generated for 256.
    int cpu_block_dim = 256;
};

// Where a piece of text sits in CompileOutput::body (CompileOutput::text reads it): the
// kernels' code is not kept a second time beside the module text.
struct TextSpan {
    size_t begin = 0;
    size_t size = 0;
    bool empty() const { return size == 0; }
};

// The text of one kernel and the user functions it calls.
struct KernelText {
    std::string name;      // Python name of the kernel (its `def`, whatever its key)
    TextSpan forward;      // forward entry (CUDA __global__ or CPU kernel + args struct)
    TextSpan backward;     // backward entry, empty without enable_backward
    std::string functions; // forward and adjoint user functions it calls, in module order
    TextSpan entry;        // CPU module entry points (empty for CUDA)
};

// A kernel defined in the module that has no code in it, and why (a generic
// kernel, one of another module): asked for its pair, a caller can say why not.
struct OmittedKernel {
    std::string name; // Python name
    int line = 0;
    int col = 0; // 1-based
    std::string reason;
};

struct CompileOutput {
    // BODY: structs, user functions (forwards, then adjoints), then each
    // kernel's functions and entry points; exactly Warp's module text minus
    // its header. Left in the buffer it was written into: a std::string would have cost a copy
    // of the whole text (std::string cannot grow without zero-filling, see TextBuffer).
    TextBuffer body;
    std::vector<KernelText> kernels;        // in definition order
    std::vector<OmittedKernel> omitted;     // in definition order
    std::vector<std::string> builtins_used; // Python names of Warp builtins called, sorted, unique

    // A kernel's piece of BODY.
    std::string_view text(TextSpan s) const { return body.view().substr(s.begin, s.size); }
};

// Compiles a whole module. Throws CompileError for input Warp would reject
// or that warpsynth does not support.
CompileOutput compile_module(std::shared_ptr<const SourceFile> source, const CompileOptions& options);

// The same for a module already parsed: `tree` is what parsing `source` gives, though it may have
// been parsed under another name (`source` names every message and `// path:line` comment). The
// tree is only read: a caller that parsed the text for its own checks compiles it, for one device
// or several, without parsing it again.
CompileOutput compile_module(std::shared_ptr<const SourceFile> source, const ast::Module& tree,
                             const CompileOptions& options);

// warpsynth's own preamble for a full translation unit: the includes and
// macros BODY needs to compile against Warp's native headers.
// `block_dim`: the WP_TILE_BLOCK_DIM the headers are included with (CPU code built with
// CompileOptions::cpu_block_dim 1 needs 1).
std::string translation_unit_preamble(Device device, int block_dim = 256);

// Preamble + body.
std::string translation_unit(const CompileOutput& out, Device device, int block_dim = 256);

} // namespace ws
