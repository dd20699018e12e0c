// warpsynth's own preamble for a complete translation unit.
//
// BODY (what compile_module produces) is written against Warp's native
// headers (`warp/native` of the pinned warp-lang) and leans on a handful of
// names it never defines: the tile block size, the wp.tid() macros that read
// the thread index of the kernel being run, the float()/int() cast spellings,
// and a few kernel-attribute macros that optional module options emit. This
// file provides exactly those, so that
//
//     translation_unit_preamble(device) + BODY
//
// compiles with NVRTC (CUDA, --include-path=<warp/native>) or a host C++17
// compiler (CPU, -I <warp/native>). The tu tests (tests/tu) check that claim
// for Warp's own BODY and for warpsynth's, for every corpus file.
//
// Everything here is an interface fact (macro names and what they must expand
// to), derived from what BODY references; none of it is Warp's header text.
#include "codegen/compile.h"

namespace ws {
namespace {

// Shared by both devices: must come before builtin.h.
constexpr const char* kBlockDimComment = "// Block size assumed by tile code; Warp's default block_dim.\n";
constexpr const char* kHeaderSetup = "// Use the headers' own math declarations instead of the C runtime's.\n"
                                     "#define WP_NO_CRT\n"
                                     "#include \"builtin.h\"\n"
                                     "#include \"deterministic.h\"\n";

// wp.tid(): generated kernels name their launch bounds `dim`; a CUDA kernel's
// grid-stride loop variable is `_idx`, a CPU kernel's is `task_index`, and CPU
// kernels take a template flag `wp_linear_tid` choosing the 1-D fast path.
constexpr const char* kCudaThreadIndex = "#define builtin_tid1d() wp::tid(_idx, dim)\n"
                                         "#define builtin_tid2d(x, y) wp::tid(x, y, _idx, dim)\n"
                                         "#define builtin_tid3d(x, y, z) wp::tid(x, y, z, _idx, dim)\n"
                                         "#define builtin_tid4d(x, y, z, w) wp::tid(x, y, z, w, _idx, dim)\n";

constexpr const char* kCpuThreadIndex =
    "#define builtin_tid1d() wp::linear_tid<wp_linear_tid>(task_index, dim)\n"
    "#define builtin_tid2d(x, y) wp::tid(x, y, task_index, dim)\n"
    "#define builtin_tid3d(x, y, z) wp::tid(x, y, z, task_index, dim)\n"
    "#define builtin_tid4d(x, y, z, w) wp::tid(x, y, z, w, task_index, dim)\n";

constexpr const char* kBlockDim = "#define builtin_block_dim() wp::block_dim()\n";

// Kernel attributes that CUDA entry points carry under non-default module
// options (block clusters, a register cap, shared-memory spilling) and the
// device-side wp.breakpoint(). Each expands to nothing where the toolkit or
// target lacks the feature.
constexpr const char* kCudaAttributes =
    "#if defined(__CUDACC__) && !defined(_MSC_VER)\n"
    "#define __debugbreak() __brkpt()\n"
    "#endif\n"
    "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900\n"
    "#define WP_CLUSTER_DIMS(x, y, z) __cluster_dims__(x, y, z)\n"
    "#else\n"
    "#define WP_CLUSTER_DIMS(x, y, z)\n"
    "#endif\n"
    "#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ * 100 + __CUDACC_VER_MINOR__) >= 1204\n"
    "#define WP_MAXNREG(n) __maxnreg__(n)\n"
    "#else\n"
    "#define WP_MAXNREG(n)\n"
    "#endif\n"
    "#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 13 && !defined(_DEBUG)\n"
    "#define WP_ENABLE_SMEM_SPILLING() asm volatile(\".pragma \\\"enable_smem_spilling\\\";\");\n"
    "#else\n"
    "#define WP_ENABLE_SMEM_SPILLING()\n"
    "#endif\n";

// BODY spells Python's float(x)/int(x) casts (and their adjoints) literally;
// `wp::float(x)` is not C++, so they are routed to the headers' cast helpers.
constexpr const char* kCasts = "#define float(x) cast_float(x)\n"
                               "#define adj_float(x, adj_x, adj_ret) adj_cast_float(x, adj_x, adj_ret)\n"
                               "#define int(x) cast_int(x)\n"
                               "#define adj_int(x, adj_x, adj_ret) adj_cast_int(x, adj_x, adj_ret)\n";

} // namespace

std::string translation_unit_preamble(Device device, int block_dim) {
    const bool cuda = device == Device::Cuda;
    std::string s;
    s += cuda ? "// warpsynth translation unit (CUDA): compile with NVRTC, "
                "--include-path=<warp-lang>/warp/native\n"
              : "// warpsynth translation unit (CPU): compile as C++17, -I <warp-lang>/warp/native\n";
    s += block_dim == 256 ? kBlockDimComment
                          : "// Block size the tile code was generated for (CPU: one lane per block).\n";
    s += "#define WP_TILE_BLOCK_DIM " + std::to_string(block_dim) + "\n";
    s += kHeaderSetup;
    s += '\n';
    s += cuda ? kCudaThreadIndex : kCpuThreadIndex;
    s += kBlockDim;
    if (cuda) {
        s += '\n';
        s += kCudaAttributes;
    }
    s += '\n';
    s += kCasts;
    return s;
}

std::string translation_unit(const CompileOutput& out, Device device, int block_dim) {
    std::string s = translation_unit_preamble(device, block_dim);
    s += out.body.view();
    return s;
}

} // namespace ws
