#include "synth/policy.h"

#include <iterator>

namespace ws::synth {

namespace {

// One knob: its value is drawn uniformly from [lo, hi] per kernel; with
// probability `off` (permille) it is switched off (0) instead, so each kernel
// exercises a random subset of constructs (swarm testing).
struct KnobRow {
    Knob knob;
    std::string_view name;
    int lo, hi;
    int off;
    // Drawn only for tile kernels: the other categories' streams do not move when tile knobs are added.
    bool tiles = false;
};

constexpr KnobRow kKnobs[] = {
    {Knob::Idioms, "idioms", 2, 6, 0},
    {Knob::Depth, "depth", 0, 2, 0},

    {Knob::PReuse, "p.reuse", 200, 700, 0},
    {Knob::PProducer, "p.producer", 150, 500, 200},
    {Knob::PExtend, "p.extend", 300, 850, 0},
    {Knob::PSecondRoot, "p.second_root", 100, 400, 500},

    {Knob::PInlineExpr, "p.inline_expression", 200, 800, 100},
    {Knob::PInlineLoad, "p.inline_load", 100, 600, 300},
    {Knob::PHelper, "p.helper", 100, 500, 400},
    {Knob::PKeywordArgs, "p.keyword_args", 0, 300, 700},
    {Knob::PNestHelpers, "p.nest_helpers", 200, 700, 500},
    {Knob::PReturnAnnot, "p.return_annotation", 100, 700, 500},
    {Knob::PDocstring, "p.docstring", 200, 800, 300},
    {Knob::PComment, "p.comment", 100, 500, 400},
    {Knob::PModuleConst, "p.module_constant", 100, 500, 500},
    {Knob::PLiteral, "p.literal", 100, 500, 400},
    {Knob::PStruct, "p.struct", 300, 1000, 800},
    {Knob::PInPlace, "p.in_place", 300, 900, 300},
    {Knob::PGuard, "p.guard", 100, 400, 700},
    {Knob::PFlatIndex, "p.flat_index", 200, 600, 700},
    {Knob::PFloat64, "p.float64", 1000, 1000, 920},
    {Knob::PFloat16, "p.float16", 200, 600, 900},
    {Knob::PBuiltinScalars, "p.builtin_scalars", 500, 1000, 150},
    {Knob::PTypedZero, "p.typed_zero", 300, 1000, 0},
    {Knob::PAtomicAug, "p.atomic_aug", 0, 1000, 0},

    {Knob::WArrayCall, "w.array_call", 1, 10, 0},
    {Knob::WArrayItem, "w.array_item", 1, 10, 0},
    {Knob::WArrayNd, "w.array_nd", 1, 10, 200},
    {Knob::WArrayNdim, "w.array_ndim", 1, 4, 800},

    {Knob::WDim1, "w.dim1", 6, 10, 0},
    {Knob::WDim2, "w.dim2", 1, 5, 300},
    {Knob::WDim3, "w.dim3", 1, 2, 700},

    {Knob::PShapeExtent, "p.shape_extent", 400, 900, 100},
    {Knob::PLen, "p.len", 200, 700, 300},
    {Knob::PPyMinMax, "p.python_min_max", 200, 700, 400},
    {Knob::PScatterValue, "p.scatter_value", 200, 500, 300},
    {Knob::PPerRow, "p.per_row", 200, 700, 300},
    {Knob::WIndex2D, "w.index_2d", 1, 6, 0},
    {Knob::WIndexFlat, "w.index_flat", 1, 6, 300},
    {Knob::WIndexVec, "w.index_vec", 1, 4, 400},
    {Knob::WBorderClamp, "w.border_clamp", 2, 6, 0},
    {Knob::WBorderWrap, "w.border_wrap", 1, 4, 300},
    {Knob::WBorderGuard, "w.border_guard", 1, 5, 300},
    {Knob::WFoldTotal, "w.fold_total", 3, 8, 0},
    {Knob::WFoldExtreme, "w.fold_extreme", 1, 4, 300},
    {Knob::WFoldHistogram, "w.fold_histogram", 2, 6, 200},
    {Knob::WAccSum, "w.acc_sum", 3, 8, 0},
    {Knob::WAccMean, "w.acc_mean", 1, 5, 200},
    {Knob::WAccExtreme, "w.acc_extreme", 1, 3, 400},

    {Knob::PGridOrder, "p.grid_order", 400, 900, 300},
    {Knob::WQueryIter, "w.query_iter", 2, 6, 0},
    {Knob::WQueryNamed, "w.query_named", 1, 4, 300},
    {Knob::WQueryNext, "w.query_next", 1, 4, 300},
    {Knob::WBvhAabb, "w.bvh_aabb", 2, 6, 0},
    {Knob::WBvhSphere, "w.bvh_sphere", 1, 4, 300},

    {Knob::WTileGemm, "w.tile_gemm", 4, 8, 0, true},
    {Knob::WTileReduce, "w.tile_reduce", 2, 6, 200, true},
    {Knob::WTileRows, "w.tile_rows", 2, 6, 200, true},
    {Knob::WTileStencil, "w.tile_stencil", 2, 5, 300, true},
    {Knob::WTileFft, "w.tile_fft", 1, 4, 400, true},
    {Knob::WTileSolve, "w.tile_solve", 1, 4, 400, true},
    {Knob::WTileScan, "w.tile_scan", 2, 5, 300, true},
    {Knob::WBlock64, "w.block64", 1, 6, 300, true},
    {Knob::WBlock128, "w.block128", 1, 6, 300, true},
    {Knob::WBlock256, "w.block256", 2, 6, 0, true},
    {Knob::PTileEpilogue, "p.tile_epilogue", 500, 900, 100, true},
    {Knob::PTileTransposeB, "p.tile_transpose_b", 200, 600, 300, true},
    {Knob::PTileShared, "p.tile_shared", 100, 500, 500, true},
    {Knob::PTileTotal, "p.tile_total", 200, 600, 300, true},
    {Knob::PTileWpConstant, "p.tile_wp_constant", 400, 1000, 200, true},
    {Knob::PTileShapeLoop, "p.tile_shape_loop", 300, 800, 300, true},
};
static_assert(std::size(kKnobs) == kKnobCount, "every knob needs a row");
constexpr bool rows_in_enum_order() {
    for (size_t i = 0; i < std::size(kKnobs); ++i)
        if (static_cast<size_t>(kKnobs[i].knob) != i) return false;
    return true;
}
static_assert(rows_in_enum_order(), "knob rows must follow the Knob enum (knob_name indexes them)");

// A category pins the knobs of what it is about; these are never switched off.
struct Override {
    Category category;
    Knob knob;
    int lo, hi;
};

constexpr Override kOverrides[] = {
    {Category::Functions, Knob::PHelper, 700, 1000},
    {Category::Functions, Knob::PKeywordArgs, 100, 500},
    {Category::Functions, Knob::PNestHelpers, 300, 800},
    {Category::Functions, Knob::Idioms, 3, 6},
    {Category::Loops, Knob::Idioms, 2, 5},
    {Category::Physics, Knob::Idioms, 3, 6},
    {Category::Physics, Knob::PExtend, 600, 900},
    // A query's result is worked on (a collision response, a shaded depth, a force from a density).
    {Category::Spatial, Knob::Idioms, 3, 6},
    {Category::Spatial, Knob::PExtend, 500, 900},
    {Category::ControlFlow, Knob::PGuard, 300, 700},
    {Category::Stencil, Knob::WDim2, 8, 10},
    {Category::Stencil, Knob::WDim3, 1, 3},
    {Category::Stencil, Knob::WDim1, 0, 0},
};

} // namespace

std::string_view knob_name(Knob k) {
    return kKnobs[static_cast<size_t>(k)].name;
}

Policy draw_policy(Rng& rng, Category category) {
    Policy p;
    for (const KnobRow& row : kKnobs) {
        if (row.tiles && category != Category::Tiles) continue;
        const int v = rng.range(row.lo, row.hi);
        p[row.knob] = rng.chance(row.off) ? 0 : v;
    }
    for (const Override& o : kOverrides)
        if (o.category == category) p[o.knob] = rng.range(o.lo, o.hi);
    return p;
}

size_t Dice::among(std::initializer_list<Knob> knobs) {
    int weights[16] = {};
    size_t n = 0;
    for (Knob k : knobs) weights[n++] = policy_[k];
    return rng_.weighted(std::span<const int>(weights, n));
}

} // namespace ws::synth
