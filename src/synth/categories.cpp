// The kernel categories: names, and what each one means. The definitions
// are also in src/synth/README.md.
#include "synth/synth.h"

#include <array>

namespace ws::synth {

namespace {

struct CategoryInfo {
    Category category;
    std::string_view name;
    std::string_view definition;
};

constexpr CategoryInfo kCategories[] = {
    {Category::Arithmetic, "arithmetic",
     "element-wise maps with scalar arithmetic: + - * / // %, casts between float/int/int64, uint32 bit "
     "operations, index decomposition"},
    {Category::Math, "math",
     "transcendental and rounding builtins: sin/cos/exp/log/sqrt/pow/atan2, floor/frac/round, "
     "clamp/lerp/smoothstep, activations and waveforms"},
    {Category::Vector, "vector",
     "vec2/vec3/vec4 values: dot, cross, normalize, length, component reads and writes, gathers through "
     "index arrays"},
    {Category::Matrix, "matrix",
     "mat22/mat33/mat44: products, transpose, inverse, determinant, trace, outer, diag, identity, element "
     "and row access, matrix-vector products"},
    {Category::QuatTransform, "quat_transform",
     "quaternions, rigid transforms and spatial vectors: rotation, composition, inversion, point and "
     "vector transforms"},
    {Category::ControlFlow, "control_flow",
     "branches: if/elif/else chains, nested ifs, ternaries, wp.where, boolean logic, chained comparisons, "
     "early return"},
    {Category::Loops, "loops",
     "for loops over constant, shape and parameter ranges (unrolled and dynamic, negative steps), nested "
     "loops, while loops, break and continue, accumulators"},
    {Category::Atomic, "atomic",
     "scatter and reduction with atomics: histograms, sums, min/max bounds, index scatter, slot allocation "
     "by an atomic counter"},
    {Category::Stencil, "stencil",
     "2D/3D grids read at neighbours, kept in bounds by clamping, periodic wrapping or an interior guard: "
     "Laplacians, blurs, gradients"},
    {Category::Functions, "functions",
     "kernels built from @wp.func helpers: helpers calling helpers, tuple returns, default and keyword "
     "arguments, overloads, helpers taking arrays or structs"},
    {Category::Random, "random",
     "Warp's RNG: rand_init, randf/randi/randn, unit sphere/disk/square sampling, Monte Carlo loops, "
     "dropout, random walks"},
    {Category::Physics, "physics",
     "particle simulation: semi-implicit integration, springs with atomic force accumulation, collisions, "
     "neighbour sums, particle structs"},
    {Category::Spatial, "spatial",
     "queries of Warp's spatial structures passed by their wp.uint64 id: hash-grid neighbour loops (SPH "
     "densities and forces, DEM contacts, neighbour counts), closest points, signed distances, collisions "
     "and ray casts against a wp.Mesh (mesh_query_point*, mesh_query_ray, mesh_eval_*), BVH overlap and ray "
     "queries, sampling a sparse wp.Volume (volume_sample_f/_grad_f/_v, index-world transforms)"},
    {Category::Tiles, "tiles",
     "Warp's tile programming model, launched with wp.launch_tiled: blocked GEMMs (tile_load, tile_matmul "
     "accumulation over K, bias/activation/alpha-beta epilogues through tile_broadcast and tile_map), row "
     "reductions (tile_sum, tile_reduce, tile_atomic_add), softmax and layer norm over rows, shared-memory "
     "stencils through tile views, FFT filters (tile_fft/tile_ifft), Cholesky solves, scans, sorts and "
     "transposes; only drawn when asked for (--categories tiles)"},
};

// Categories a default stream leaves out (drawn only when named).
constexpr bool opt_in(Category c) {
    return c == Category::Tiles;
}

} // namespace

std::string_view category_name(Category c) {
    for (const auto& info : kCategories)
        if (info.category == c) return info.name;
    return "unknown";
}

std::string_view category_definition(Category c) {
    for (const auto& info : kCategories)
        if (info.category == c) return info.definition;
    return "";
}

bool category_from_name(std::string_view name, Category& out) {
    for (const auto& info : kCategories)
        if (info.name == name) {
            out = info.category;
            return true;
        }
    return false;
}

const std::vector<Category>& all_categories() {
    static const std::vector<Category> all = [] {
        std::vector<Category> v;
        for (const auto& info : kCategories) v.push_back(info.category);
        return v;
    }();
    return all;
}

const std::vector<Category>& default_categories() {
    static const std::vector<Category> defaults = [] {
        std::vector<Category> v;
        for (const auto& info : kCategories)
            if (!opt_in(info.category)) v.push_back(info.category);
        return v;
    }();
    return defaults;
}

} // namespace ws::synth
