// Printing built functions, kernels and structs with Warp's templates.
#pragma once

#include "codegen/adjoint.h"
#include "codegen/compile.h"

#include <string>

namespace ws {

// Where a kernel's parts sit in the module text they were written into.
struct KernelSpans {
    TextSpan forward;  // CPU: args struct + forward kernel; CUDA: forward kernel
    TextSpan backward; // backward kernel (empty without backward)
    TextSpan entry;    // CPU module entry points (empty for CUDA)
};

// A forward body on its own (a @wp.func_grad's). `primal`: the primal declarations already
// written with the body's indentation, or null to write them here.
TextBuffer forward_body(const Adjoint& adj, bool kernel, Device device, bool grid_stride,
                        const TextBuffer* primal = nullptr);
// A function's forward and adjoint, appended to `out` (the module text, written in place).
// function_forward_text leaves the primal declarations it wrote in `primal_out`, which
// function_reverse_text of the same function may take as `primal` instead of writing them again.
void function_forward_text(TextBuffer& out, const UserFunction& f, Device device, const std::string& path,
                           TextBuffer* primal_out = nullptr);
void function_reverse_text(TextBuffer& out, const UserFunction& f, Device device, const std::string& path,
                           const TextBuffer* primal = nullptr);
// Room for the text of a function or kernel built by `adj` (an upper estimate, with its
// signature), so that the module text is reserved once.
size_t text_estimate(const Adjoint& adj);
// A @wp.func_grad body, printed as the adjoint of the function it is for (custom_gradients.cpp).
std::string custom_grad_text(const UserFunction& g, Device device, const std::string& path);
// A @wp.func_native function: its snippets in Warp's CUDA function templates (for both devices).
std::string native_forward_text(const UserFunction& f, const std::string& path);
std::string native_reverse_text(const UserFunction& f, const std::string& path);
// `template<typename tile_a, ...>\n` before a function with tile parameters (Warp passes each as
// a C++ template parameter `tile_<name>&`); empty without.
std::string tile_template_prefix(const Adjoint& adj);
// Appends a kernel's parts to `out`. `cpu_block_dim`: Warp's block_dim option for the CPU code,
// 256 (the module default) or 1.
KernelSpans kernel_text(TextBuffer& out, const KernelDef& k, const std::string& name, Device device,
                        bool enable_backward, bool default_grid_stride, int cpu_block_dim = 256);
// The CPU code of a module built with block_dim=1 (emit_cpu_entry.cpp): whether the kernel gets
// Warp's contiguous 1-D specialisation, its argument setup (the kernel's first lines), and the
// entry points that run one lane per block.
bool cpu_linear_contiguous_candidate(const Adjoint& adj);
std::string cpu_contiguous_setup(const Adjoint& adj, const std::string& name, bool backward);
std::string cpu_single_lane_entry(const Adjoint& adj, const std::string& name, bool enable_backward);
// The entry points of a module built with block_dim > 1: one thunk per lane, run block by block.
std::string cpu_block_entry(const Adjoint& adj, const std::string& name, bool enable_backward);
// With `tile_helpers`, the operators and free functions Warp adds for a struct some tile holds.
std::string struct_text(const StructDef& s, bool tile_helpers = false);

// Warp's struct hash suffix: first 8 hex digits of sha256(key, field codes, nested hashes).
std::string struct_hash_hex(const std::string& key,
                            const std::vector<std::pair<std::string, TypeRef>>& fields,
                            std::vector<unsigned char>* digest_out = nullptr);
// Warp's get_type_code for a field annotation.
std::string type_code(TypeRef t);

} // namespace ws
