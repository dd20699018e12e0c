// The generation policy (YARPGen's GenPolicy): every random choice the
// synthesizer makes is steered by a knob of this table or by weights in a data
// table (idioms, roles, categories). A kernel's knobs are drawn from the
// ranges in policy.cpp, a random subset is switched off (swarm testing), and
// the kernel's category then pins the knobs of what it is about.
#pragma once

#include "synth/rng.h"
#include "synth/synth.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace ws::synth {

enum class Knob : uint8_t {
    // Sizes.
    Idioms, // idiom instances in a kernel
    Depth,  // how far inputs are computed by other idioms rather than read
    // Composition, in permille.
    PReuse,      // an input reads a value the kernel already has
    PProducer,   // an input is computed by another idiom
    PExtend,     // a result feeds another idiom rather than an output
    PSecondRoot, // a second, independent computation in the same kernel
    // Writing style, in permille.
    PInlineExpr, // a single-use expression idiom is written inside its consumer
    PInlineLoad, // a single-use array element is read where it is used
    PHelper,     // an idiom becomes a @wp.func
    PKeywordArgs,
    PNestHelpers, // a helper calls the helper of the idiom that feeds it
    PReturnAnnot,
    PDocstring,   // the kernel carries its description as a docstring
    PComment,     // a comment line before an idiom
    PModuleConst, // a uniform input with a typical value becomes a module constant
    PLiteral,     // ... or is written as a literal
    PStruct,      // uniform inputs are grouped in a @wp.struct
    PInPlace,     // a result overwrites the array it was read from
    PGuard,       // an early-return guard on an input
    PFlatIndex,   // a 2D grid launched 1D (`i = tid % width`)
    PFloat64,
    PFloat16,        // float16 storage for scalar arrays
    PBuiltinScalars, // `float`/`int` rather than `wp.float32`/`wp.int32`
    PTypedZero,      // `wp.vec3(0.0)` rather than `wp.vec3()` for zero vectors
    PAtomicAug,      // `a[k] += x` rather than `wp.atomic_add(a, k, x)`
    // Annotation styles, weights.
    WArrayCall, // wp.array(dtype=T)
    WArrayItem, // wp.array[T]
    WArrayNd,   // wp.array2d(dtype=T) / wp.array2d[T]
    WArrayNdim, // wp.array(dtype=T, ndim=2)
    // Launch dimensionality, weights.
    WDim1,
    WDim2,
    WDim3,
    // Pattern shapes: permille and weights.
    PShapeExtent,  // extents read from `a.shape[k]` rather than passed as parameters
    PLen,          // `len(a)` rather than `a.shape[0]` for 1D arrays
    PPyMinMax,     // Python min/max on indices rather than wp.min/wp.max
    PScatterValue, // gathers: a non-force result is added to both endpoints rather than stored
    PPerRow,       // reductions of a 2D launch: per-row slots rather than one total
    WIndex2D,      // gathers: index table `e[tid, k]`
    WIndexFlat,    // ... `e[tid * 2 + k]`
    WIndexVec,     // ... `e[tid][k]` through wp.vec2i/vec3i
    WBorderClamp,  // stencils: clamped neighbour indices
    WBorderWrap,   // ... periodic
    WBorderGuard,  // ... border cells skipped
    WFoldTotal,    // reductions: one total
    WFoldExtreme,  // ... a running maximum or minimum
    WFoldHistogram,
    WAccSum,     // loops: accumulate a sum
    WAccMean,    // ... a mean
    WAccExtreme, // ... a maximum or minimum
    // Query loops (the spatial category).
    PGridOrder,  // a hash-grid loop takes its element in the grid's order (wp.hash_grid_point_id)
    WQueryIter,  // `for j in wp.hash_grid_query(...)`
    WQueryNamed, // `neighbors = wp.hash_grid_query(...)`, `for j in neighbors`
    WQueryNext,  // `while wp.hash_grid_query_next(query, j)`
    WBvhAabb,    // a BVH query around a point: wp.bvh_query_aabb of its box
    WBvhSphere,  // ... wp.bvh_query_sphere
    // Tile kernels (the tiles category; drawn only for it): families, weights.
    WTileGemm,    // blocked products: tile_matmul over K, epilogues
    WTileReduce,  // row and segment reductions
    WTileRows,    // softmax and layer/RMS norm over rows
    WTileStencil, // stencils through a shared tile with a halo
    WTileFft,     // FFT filters
    WTileSolve,   // Cholesky solves of regularized normal equations
    WTileScan,    // scans, sorts and transposes
    WBlock64,     // wp.launch_tiled(block_dim=64)
    WBlock128,
    WBlock256,
    // Tile kernels, permille.
    PTileEpilogue,   // a GEMM applies a bias, an activation or alpha/beta
    PTileTransposeB, // a GEMM's second operand is stored transposed (a linear layer's weight)
    PTileShared,     // operands loaded with storage="shared"
    PTileTotal,      // a reduction also accumulates a grand total with tile_atomic_add
    PTileWpConstant, // tile sizes as wp.constant(..) rather than plain Python ints
    PTileShapeLoop,  // a K loop's trip count from the array's shape rather than a constant
    Count
};
constexpr size_t kKnobCount = static_cast<size_t>(Knob::Count);

struct Policy {
    std::array<int, kKnobCount> value{};
    int operator[](Knob k) const { return value[static_cast<size_t>(k)]; }
    int& operator[](Knob k) { return value[static_cast<size_t>(k)]; }
};

std::string_view knob_name(Knob k);
// Draws a kernel's policy: the base table, swarm switch-offs, then the
// category's overrides.
Policy draw_policy(Rng& rng, Category category);

// The kernel's dice: the only way the synthesizer draws.
class Dice {
  public:
    Dice(Rng rng, Policy policy) : rng_(rng), policy_(policy) {}
    bool on(Knob k) { return rng_.chance(policy_[k]); }
    int knob(Knob k) const { return policy_[k]; }
    // An index drawn with probability proportional to the weights (size() when all are zero).
    size_t weighted(std::span<const int> weights) { return rng_.weighted(weights); }
    size_t weighted(std::initializer_list<int> weights) { return rng_.weighted(weights); }
    // One of the knobs, with probability proportional to their values.
    size_t among(std::initializer_list<Knob> knobs);
    // A uniform pick from data (names, candidates with equal standing).
    size_t below(size_t n) { return rng_.below(n); }
    template <class T>
    const T& pick(const std::vector<T>& items) {
        return items[rng_.below(items.size())];
    }
    // A value in [lo, hi] (sizes and ranges the data gives).
    int range(int lo, int hi) { return rng_.range(lo, hi); }
    // A fraction in [0, 1) with 3 digits, for placing values inside a data range.
    double unit() { return static_cast<double>(rng_.below(1000)) / 1000.0; }
    Dice fork(uint64_t salt) { return Dice(rng_.fork(salt), policy_); }

  private:
    Rng rng_;
    Policy policy_;
};

} // namespace ws::synth
