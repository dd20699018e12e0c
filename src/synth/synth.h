// The kernel synthesizer: writes realistic, valid Warp kernels in Python from
// a seed. The dataset pipeline calls `synthesize` once per record; the same
// (seed, index, categories) always gives the same kernel, on any machine and
// whatever the thread count.
#pragma once

#include "analysis/health.h"
#include "syntax/ast.h"
#include "syntax/source.h"
#include "syntax/token.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::synth {

// Kernel categories (see categories.cpp for their definitions).
enum class Category : uint8_t {
    Arithmetic,
    Math,
    Vector,
    Matrix,
    QuatTransform,
    ControlFlow,
    Loops,
    Atomic,
    Stencil,
    Functions,
    Random,
    Physics,
    Spatial,
    Tiles, // opt-in: drawn only when asked for (see default_categories)
};

std::string_view category_name(Category c);
bool category_from_name(std::string_view name, Category& out);
const std::vector<Category>& all_categories();
// The categories a stream without --categories draws: all but the opt-in ones (`tiles`, whose
// kernels are launched with wp.launch_tiled), so adding those left existing streams unchanged.
const std::vector<Category>& default_categories();
// One-sentence definition of a category (also in src/synth/README.md).
std::string_view category_definition(Category c);

// How to launch a synthesized kernel so that every access is in bounds:
// the launch shape and, for each kernel parameter in order, its array shape
// (empty for scalars/structs) and the value range to fill it with.
//
// Value ranges: floats are drawn uniformly from [min_value, max_value];
// integer arrays and parameters take integers in [min_value, max_value]
// inclusive (index arrays hold valid indices of the array they index, an
// atomic counter starts at min_value == max_value == 0); for struct
// parameters and arrays of structs, every scalar component of every field is
// drawn from the range. Outputs are written by the kernel: one whose range is
// one value starts filled with it (zeros, a reduction's start); one with a
// wider range is updated in place and starts drawn from it, like an input.
struct ArgSpec {
    std::string name;
    std::string type;           // Python annotation as written, e.g. "wp.array(dtype=wp.vec3)"
    std::vector<int64_t> shape; // array shape; empty for non-arrays
    double min_value = -1.0;    // inputs are drawn from [min_value, max_value]
    double max_value = 1.0;
    bool is_output = false; // written by the kernel
};

// A tile kernel (block_dim > 0) is launched with wp.launch_tiled(kernel, dim=dim, inputs=...,
// block_dim=block_dim): Warp appends block_dim to the launch as a trailing dimension of
// cooperating threads that wp.tid() does not return, so `dim` has one entry per wp.tid() value.
struct LaunchSpec {
    std::vector<int64_t> dim; // wp.launch(dim=...) / wp.launch_tiled(dim=...)
    std::vector<ArgSpec> args;
    int block_dim = 0; // > 0: a tiled launch with this many threads per tile block
    bool tiled() const { return block_dim > 0; }
};

struct SynthKernel {
    std::string python_source; // a whole module: `import warp as wp`, helpers, the kernel
    std::string kernel_name;
    Category category;
    std::string description;           // what the kernel computes: one to three English sentences
    std::vector<std::string> features; // construct tags (corpus vocabulary where it applies)
    LaunchSpec launch;
    // The code-health counts of python_source when the synthesizer measured them (it checks every
    // kernel it keeps but the last-resort one): the dataset takes them instead of measuring again.
    std::optional<analysis::HealthCounts> health;
    // python_source as the health check parsed it, when it did: the dataset compiles this tree
    // instead of parsing the same text again, and this source file (named
    // SynthOptions::source_path) instead of making another of the same text.
    std::unique_ptr<ast::Module> module;
    std::shared_ptr<const SourceFile> source;
    // The tokens that parse read (with `module` only): fingerprints and call lists scan them
    // instead of lexing python_source again.
    std::vector<Token> tokens;
};

struct SynthOptions {
    uint64_t seed = 0;
    std::vector<Category> categories; // empty: all
    // For testing the idiom library: every kernel starts from this idiom (an
    // id of `warpsynth generate --list-idioms`), in float64 when `float64`.
    std::string idiom;
    bool float64 = false;
    // The name of the source file the health check parses: the dataset gives its record's
    // comment path, so that it compiles that same file.
    std::string source_path = "<record>";
};

// The `index`-th kernel of the stream defined by `options`. Pure function of
// (seed, index, categories).
SynthKernel synthesize(const SynthOptions& options, uint64_t index);

// The 64-bit seed of kernel `index` of stream `seed` (what synthesize uses).
uint64_t kernel_seed(uint64_t seed, uint64_t index);

} // namespace ws::synth
