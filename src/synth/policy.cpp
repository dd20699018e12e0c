#include "synth/policy.h"

#include <cstdlib>
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
};

constexpr KnobRow kKnobs[] = {
    {Knob::Stmts, "stmts", 2, 7, 0},
    {Knob::BlockStmts, "block_stmts", 1, 3, 0},
    {Knob::ExprDepth, "expr_depth", 1, 3, 0},
    {Knob::ExprNodes, "expr_nodes", 3, 12, 0},
    {Knob::Nesting, "nesting", 1, 2, 0},
    {Knob::Helpers, "helpers", 0, 2, 300},
    {Knob::HelperStmts, "helper_stmts", 0, 3, 0},
    {Knob::HelperParams, "helper_params", 1, 3, 0},
    {Knob::ExtraParams, "extra_params", 0, 2, 0},

    {Knob::SLocal, "stmt.local", 30, 60, 0},
    {Knob::SReassign, "stmt.reassign", 0, 20, 400},
    {Knob::SAugLocal, "stmt.aug_local", 5, 25, 300},
    {Knob::SComponentWrite, "stmt.component_write", 0, 15, 500},
    {Knob::SIf, "stmt.if", 5, 25, 300},
    {Knob::SFor, "stmt.for", 5, 20, 400},
    {Knob::SWhile, "stmt.while", 0, 10, 600},
    {Knob::SStore, "stmt.store", 5, 15, 300},
    {Knob::SAtomic, "stmt.atomic", 0, 10, 600},
    {Knob::SCallVoid, "stmt.call_void", 0, 10, 500},
    {Knob::STupleUnpack, "stmt.tuple_unpack", 0, 10, 500},
    {Knob::SEarlyReturn, "stmt.early_return", 0, 5, 700},

    {Knob::EVar, "expr.var", 40, 80, 0},
    {Knob::ELiteral, "expr.literal", 10, 30, 0},
    {Knob::EArith, "expr.arith", 30, 70, 0},
    {Knob::ENeg, "expr.neg", 0, 10, 500},
    {Knob::EMathFn, "expr.math_fn", 5, 30, 300},
    {Knob::ECompositeFn, "expr.composite_fn", 10, 40, 200},
    {Knob::ETernary, "expr.ternary", 0, 8, 600},
    {Knob::EWhere, "expr.where", 0, 8, 600},
    {Knob::ECast, "expr.cast", 0, 8, 500},
    {Knob::ECallHelper, "expr.call_helper", 10, 40, 0},
    {Knob::EComponent, "expr.component", 5, 25, 300},
    {Knob::EArrayLoad, "expr.array_load", 10, 40, 0},
    {Knob::EConstant, "expr.constant", 5, 20, 0},

    {Knob::PElse, "p.else", 200, 600, 0},
    {Knob::PElif, "p.elif", 0, 400, 300},
    {Knob::PBreak, "p.break", 0, 300, 500},
    {Knob::PContinue, "p.continue", 0, 300, 500},
    {Knob::PWhileTrue, "p.while_true", 0, 300, 600},
    {Knob::PUnrolled, "p.unrolled", 300, 800, 0},
    {Knob::PRange2, "p.range2", 0, 400, 300},
    {Knob::PRange3, "p.range3", 0, 300, 500},
    {Knob::PNegStep, "p.negative_step", 0, 300, 600},
    {Knob::PChained, "p.chained_compare", 0, 300, 600},
    {Knob::PAnd, "p.and", 0, 300, 300},
    {Knob::POr, "p.or", 0, 300, 300},
    {Knob::PNot, "p.not", 0, 200, 500},
    {Knob::PTypedInit, "p.typed_init", 200, 900, 0},
    {Knob::PKwArgs, "p.keyword_args", 0, 500, 500},
    {Knob::PDefaultArg, "p.default_arg", 0, 500, 500},
    {Knob::PMultiReturn, "p.multi_return", 0, 400, 500},
    {Knob::PNoReturnHelper, "p.no_return_helper", 0, 300, 600},
    {Knob::PFuncCallsFunc, "p.func_calls_func", 0, 500, 400},
    {Knob::POverload, "p.overload", 0, 300, 800},
    {Knob::PStruct, "p.struct", 0, 400, 700},
    {Knob::PModuleConst, "p.module_constant", 0, 500, 500},
    {Knob::PPyConst, "p.python_constant", 0, 400, 600},
    {Knob::PStatic, "p.static", 0, 400, 700},
    {Knob::PMatmulAt, "p.matmul_at", 0, 1000, 0},
    {Knob::PAtomicAug, "p.atomic_aug", 0, 1000, 0},
    {Knob::PIndexWrap, "p.index_wrap", 0, 1000, 0},
    {Knob::PIndexGuard, "p.index_guard", 0, 500, 300},
    {Knob::PBuiltinNames, "p.builtin_names", 500, 1000, 0},
    {Knob::PArrayNdimKw, "p.array_ndim_kw", 0, 400, 500},
    {Knob::PPyMinMax, "p.python_min_max", 0, 600, 500},
    {Knob::PSinkUnused, "p.sink_unused", 500, 1000, 0},
    {Knob::PShapeBound, "p.shape_bound", 200, 900, 0},
    {Knob::PDynLoop, "p.dynamic_loop", 200, 800, 0},
    {Knob::PReturnAnnot, "p.return_annotation", 100, 600, 600},
    {Knob::PArraySlot, "p.array_slot", 100, 500, 500},
    {Knob::PMask, "p.mask_arrays", 100, 400, 700},

    {Knob::TF64, "t.float64", 100, 300, 600},
    {Knob::TInt64, "t.int64", 0, 300, 700},
    {Knob::TUint32, "t.uint32", 0, 400, 700},
    {Knob::TF16, "t.float16", 100, 500, 650},
    {Knob::TVec2, "t.vec2", 0, 500, 400},
    {Knob::TVec3, "t.vec3", 200, 900, 200},
    {Knob::TVec4, "t.vec4", 0, 400, 500},
    {Knob::TVecInt, "t.vec_int", 0, 300, 600},
    {Knob::TMat22, "t.mat22", 0, 300, 600},
    {Knob::TMat33, "t.mat33", 0, 500, 500},
    {Knob::TMat44, "t.mat44", 0, 300, 700},
    {Knob::TQuat, "t.quat", 0, 400, 600},
    {Knob::TTransform, "t.transform", 0, 300, 700},
    {Knob::TSpatial, "t.spatial", 0, 200, 800},
    {Knob::TCustom, "t.custom", 0, 200, 850},
};
static_assert(std::size(kKnobs) == kKnobCount, "every knob needs a row");
constexpr bool rows_in_enum_order() {
    for (size_t i = 0; i < std::size(kKnobs); ++i)
        if (static_cast<size_t>(kKnobs[i].knob) != i) return false;
    return true;
}
static_assert(rows_in_enum_order(), "knob rows must follow the Knob enum (knob_name indexes them)");

// A category raises (or pins) the knobs of its own constructs; these knobs
// are never switched off for kernels of that category.
struct Override {
    Category category;
    Knob knob;
    int lo, hi;
};

constexpr Override kOverrides[] = {
    {Category::Arithmetic, Knob::EArith, 70, 100},
    {Category::Arithmetic, Knob::EMathFn, 0, 8},
    {Category::Arithmetic, Knob::ECast, 10, 30},
    {Category::Arithmetic, Knob::ECompositeFn, 0, 8},
    {Category::Arithmetic, Knob::TInt64, 200, 600},
    {Category::Arithmetic, Knob::TUint32, 200, 600},
    {Category::Arithmetic, Knob::TVec3, 0, 300},

    {Category::Math, Knob::EMathFn, 50, 100},
    {Category::Math, Knob::ECompositeFn, 0, 15},
    {Category::Math, Knob::EWhere, 5, 15},
    {Category::Math, Knob::TVec3, 0, 300},

    {Category::Vector, Knob::ECompositeFn, 50, 100},
    {Category::Vector, Knob::EComponent, 20, 40},
    {Category::Vector, Knob::SComponentWrite, 10, 30},
    {Category::Vector, Knob::TVec2, 300, 800},
    {Category::Vector, Knob::TVec3, 600, 1000},
    {Category::Vector, Knob::TVec4, 200, 700},
    {Category::Vector, Knob::TVecInt, 100, 400},

    {Category::Matrix, Knob::ECompositeFn, 50, 100},
    {Category::Matrix, Knob::SComponentWrite, 10, 30},
    {Category::Matrix, Knob::TMat22, 300, 700},
    {Category::Matrix, Knob::TMat33, 600, 1000},
    {Category::Matrix, Knob::TMat44, 300, 700},
    {Category::Matrix, Knob::TVec3, 500, 1000},

    {Category::QuatTransform, Knob::ECompositeFn, 50, 100},
    {Category::QuatTransform, Knob::TQuat, 800, 1000},
    {Category::QuatTransform, Knob::TTransform, 500, 1000},
    {Category::QuatTransform, Knob::TSpatial, 200, 600},
    {Category::QuatTransform, Knob::TVec3, 900, 1000},

    {Category::ControlFlow, Knob::SIf, 40, 80},
    {Category::ControlFlow, Knob::PElse, 400, 900},
    {Category::ControlFlow, Knob::PElif, 200, 700},
    {Category::ControlFlow, Knob::ETernary, 10, 30},
    {Category::ControlFlow, Knob::EWhere, 10, 30},
    {Category::ControlFlow, Knob::SEarlyReturn, 5, 20},
    {Category::ControlFlow, Knob::PChained, 100, 500},
    {Category::ControlFlow, Knob::PAnd, 200, 600},
    {Category::ControlFlow, Knob::POr, 200, 600},
    {Category::ControlFlow, Knob::PNot, 100, 400},
    {Category::ControlFlow, Knob::Nesting, 2, 3},

    {Category::Loops, Knob::SFor, 30, 60},
    {Category::Loops, Knob::SWhile, 10, 30},
    {Category::Loops, Knob::PBreak, 200, 600},
    {Category::Loops, Knob::PContinue, 200, 600},
    {Category::Loops, Knob::PWhileTrue, 100, 400},
    {Category::Loops, Knob::PRange2, 200, 600},
    {Category::Loops, Knob::PRange3, 100, 500},
    {Category::Loops, Knob::PNegStep, 100, 400},
    {Category::Loops, Knob::Nesting, 2, 3},

    {Category::Atomic, Knob::SAtomic, 30, 60},

    {Category::Stencil, Knob::SFor, 10, 30},
    {Category::Stencil, Knob::PUnrolled, 500, 1000},

    {Category::Functions, Knob::Helpers, 2, 4},
    {Category::Functions, Knob::ECallHelper, 40, 80},
    {Category::Functions, Knob::PMultiReturn, 200, 700},
    {Category::Functions, Knob::PDefaultArg, 200, 600},
    {Category::Functions, Knob::PKwArgs, 200, 600},
    {Category::Functions, Knob::PFuncCallsFunc, 300, 800},
    {Category::Functions, Knob::POverload, 100, 400},
    {Category::Functions, Knob::PNoReturnHelper, 100, 400},
    {Category::Functions, Knob::SCallVoid, 5, 20},
    {Category::Functions, Knob::STupleUnpack, 10, 30},
    {Category::Functions, Knob::HelperStmts, 1, 4},

    {Category::Random, Knob::EMathFn, 10, 40},

    {Category::Physics, Knob::TVec3, 900, 1000},
    {Category::Physics, Knob::PStruct, 100, 400},
};

} // namespace

std::string_view knob_name(Knob k) {
    return kKnobs[static_cast<size_t>(k)].name;
}

Policy draw_policy(Rng& rng, Category category) {
    Policy p;
    // Draw every row in table order, even when a category overrides it, so
    // the stream of random numbers does not depend on the override table.
    for (const auto& row : kKnobs) {
        int v = rng.range(row.lo, row.hi);
        if (rng.chance(row.off)) v = 0;
        p[row.knob] = v;
    }
    for (const auto& o : kOverrides)
        if (o.category == category) p[o.knob] = rng.range(o.lo, o.hi);
    return p;
}

} // namespace ws::synth
