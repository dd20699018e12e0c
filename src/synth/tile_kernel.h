// Tile kernels (the `tiles` category): a kernel written with Warp's tile programming model and
// launched with wp.launch_tiled. Their shape is not the per-element composition of idioms that
// the other categories share (compose.cpp, writer.cpp): one thread block cooperates on whole
// tiles, so each family (pattern_tile_*.cpp) writes its kernel directly into a TileKernel, with
// names, sizes and variants drawn from the kernel's Dice. This header is what they share: the
// kernel under construction and the spelling of types, literals, constants and parameters.
#pragma once

#include "synth/policy.h"
#include "synth/stype.h"
#include "synth/synth.h"

#include <string>
#include <string_view>
#include <vector>

namespace ws::synth::tiles {

class TileKernel {
  public:
    TileKernel(Dice& dice, Scalar fp);

    Dice& dice;
    Scalar fp; // F32 or F64
    std::string name;
    std::string description; // one to three sentences
    std::vector<int64_t> dim;
    int block_dim = 256;
    std::vector<std::string> body; // kernel body lines, unindented (nested lines carry their indent)

    // The float type of the kernel's precision (`float`, `wp.float32` or `wp.float64`).
    std::string real() const { return real_; }
    // A float literal in the kernel's precision: `0.5` or `wp.float64(0.5)`.
    std::string lit(std::string_view digits) const;
    // The reciprocal of the int constant `name` (= `value`, a power of two) as a factor:
    // `(1.0 / float(N))`, or in float64 a module constant INV_N holding it exactly (Warp caches
    // constants by value, and `wp.float64(N)` would make later integer uses of N float64).
    std::string inverse(const std::string& name, int64_t value);
    // A module constant holding `value` (an int): `NAME = wp.constant(16)` or `NAME = 16`.
    std::string constant(const std::string& name, int64_t value);
    // A module constant computed from others (`HALO = wp.constant(TILE + 2)`).
    std::string constant_expr(const std::string& name, const std::string& expr);
    // A module constant with a float value, written for the kernel's precision.
    std::string real_constant(const std::string& name, std::string_view digits);
    // A module line as written (`HALO = wp.constant(TILE + 2)`).
    void module_line(std::string line) { constants_.push_back(std::move(line)); }
    // A @wp.func, its whole text from the decorator on.
    void func(std::string text) { funcs_.push_back(std::move(text)); }
    // An array parameter of `ndim` dimensions and element type `dtype` (the Python spelling).
    // Inputs are drawn from [lo, hi]; an output starts at zero unless `in_place`.
    std::string array(const std::string& name, const std::string& dtype, std::vector<int64_t> shape,
                      double lo, double hi, bool output = false, bool in_place = false);
    // A scalar parameter of the kernel's float type, drawn from [lo, hi].
    std::string scalar(const std::string& name, double lo, double hi);
    void line(std::string text) { body.push_back(std::move(text)); }

    // The module text and the launch; the description becomes the docstring when `docstring`.
    std::string render(bool docstring) const;
    LaunchSpec launch() const { return LaunchSpec{dim, args_, block_dim}; }

  private:
    std::string annotation(const std::string& dtype, size_t ndim) const;
    std::string real_;
    int array_style_ = 0;     // 0: wp.array(dtype=T)/wp.array2d(dtype=T), 1: wp.array[T], 2: ndim=
    bool wp_constant_ = true; // tile sizes as wp.constant(..)
    std::vector<std::string> constants_, funcs_;
    std::vector<ArgSpec> args_;
};

// A pick among names with equal standing.
const std::string& pick(Dice& dice, const std::vector<std::string>& names);

// The families, one per file; each fills `k` (name, description, parameters, body, launch).
void tile_gemm(TileKernel& k);
void tile_reduce(TileKernel& k);
void tile_rows(TileKernel& k);
void tile_stencil(TileKernel& k);
void tile_fft(TileKernel& k);
void tile_solve(TileKernel& k);
void tile_scan(TileKernel& k);

// An activation applied element-wise by tile_map: a @wp.func written from a one-input activation
// idiom of the learning domain (added to `k`), or a builtin; returns the callable's name and sets
// `phrase` to what it does ("applies a ReLU").
std::string tile_activation(TileKernel& k, std::string& phrase);

// One tile kernel: the family drawn from the policy, then written.
SynthKernel synthesize_tile_kernel(Dice& dice, Scalar fp);

} // namespace ws::synth::tiles
