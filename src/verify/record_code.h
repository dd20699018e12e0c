// One record's code for one device, taken apart just enough to compile it in
// a batch with hundreds of others: the text to compile, the kernel's
// generated name, the `extern "C"` names that must be renamed to keep records
// apart, and (CPU) the fields of the kernel's argument struct.
#pragma once

#include "dataset/record.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ws::verify {

struct FieldDecl {
    std::string type; // C++ type as generated, e.g. "wp::array_t<wp::vec_t<3, wp::float32>>"
    std::string name; // the Python parameter name
    bool is_array() const { return type.rfind("wp::array_t<", 0) == 0; }
};

struct RecordCode {
    bool present = false; // the record has code for this device (or it was recompiled)
    std::string text;     // structs (if needed) + functions + forward + backward (+ CPU entry points)
    std::string kernel;   // generated kernel name (the Python name, plus Warp's hash unless stripped)
    std::vector<std::string> extern_c; // names with C linkage defined by the text
    bool has_backward = false;
    bool has_entry = false; // CPU: the `*_cpu_forward` entry points are in the text
    int launch_ndim = 1;
    int block_dim = 256; // CPU: the block_dim the code was generated for (Warp's CPU launch builds 1)
    std::vector<FieldDecl> fields; // CPU: wp_args_<kernel>
    std::string note;              // e.g. "struct definitions recompiled from python_source"
    std::string error;             // why this code cannot be assembled (then nothing is compiled)
};

// The record's CUDA / CPU code. When the record lacks the definitions of the
// user structs it uses, they are recompiled from python_source (warpsynth's
// own compiler): the kernel and function text still comes from the record.
RecordCode cuda_code(const dataset::Record& r);
RecordCode cpu_code(const dataset::Record& r);

// CPU code for execution when the record carries only CUDA: recompiled from
// python_source, since the runner executes the CPU code.
RecordCode cpu_code_recompiled(const dataset::Record& r);

// CPU code for executing a tile kernel as Warp runs it on the CPU by default: a
// module built with block_dim=1 (one lane per block; wp.config.enable_cpu_blocks
// unset), recompiled from python_source.
RecordCode cpu_code_single_lane(const dataset::Record& r);

// Why the record's CPU code `cpu` is not what python_source compiles to (block_dim 256,
// comments aside), or empty when it is: a tile kernel runs from its recompiled block_dim=1
// code, which says nothing about a record whose own code differs.
std::string cpu_code_mismatch(const dataset::Record& r, const RecordCode& cpu);

// warpsynth's CPU code (forward, backward, entry points) of the kernel named
// `kernel` in `python`, or of its only kernel; nullopt when there is no such
// kernel. `path` names the source in compile errors. Throws CompileError when
// warpsynth refuses the source (as Warp would). `warpsynth judge` compiles
// candidates with it. `block_dim`: CompileOptions::cpu_block_dim.
std::optional<RecordCode> compile_cpu_code(const std::string& python, const std::string& path,
                                           const std::string& kernel, int block_dim = 256);

// Helpers shared with glue and launch inference.
std::vector<FieldDecl> parse_args_struct(const std::string& text, const std::string& kernel);
int parse_launch_ndim(const std::string& text);

} // namespace ws::verify
