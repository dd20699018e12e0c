// The generation policy (YARPGen's GenPolicy): every random choice the
// synthesizer makes is steered by one of these knobs. A kernel's policy is
// re-drawn from the table in policy.cpp (swarm testing: a random subset of
// constructs is switched off per kernel), then the kernel's category raises
// the knobs of its own constructs. Tuning the generator means editing tables,
// not code.
#pragma once

#include "synth/rng.h"
#include "synth/synth.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace ws::synth {

enum class Knob : uint8_t {
    // Sizes.
    Stmts,       // filler statements at kernel top level
    BlockStmts,  // statements in a nested block
    ExprDepth,   // maximum expression depth
    ExprNodes,   // operator/call nodes per statement
    Nesting,     // maximum block nesting
    Helpers,     // @wp.func helpers
    HelperStmts, // statements in a helper before its return
    HelperParams,
    ExtraParams, // extra scalar/composite kernel parameters
    // Statement weights.
    SLocal,
    SReassign,
    SAugLocal,
    SComponentWrite,
    SIf,
    SFor,
    SWhile,
    SStore,
    SAtomic,
    SCallVoid,
    STupleUnpack,
    SEarlyReturn,
    // Expression weights.
    EVar,
    ELiteral,
    EArith,
    ENeg,
    EMathFn,
    ECompositeFn,
    ETernary,
    EWhere,
    ECast,
    ECallHelper,
    EComponent,
    EArrayLoad,
    EConstant,
    // Per-construct probabilities, in permille.
    PElse,
    PElif,
    PBreak,
    PContinue,
    PWhileTrue,
    PUnrolled,
    PRange2,
    PRange3,
    PNegStep,
    PChained,
    PAnd,
    POr,
    PNot,
    PTypedInit,
    PKwArgs,
    PDefaultArg,
    PMultiReturn,
    PNoReturnHelper,
    PFuncCallsFunc,
    POverload,
    PStruct,
    PModuleConst,
    PPyConst,
    PStatic,
    PMatmulAt,
    PAtomicAug,
    PIndexWrap,
    PIndexGuard,
    PBuiltinNames, // `float`/`int` rather than `wp.float32`/`wp.int32` in annotations
    PArrayNdimKw,  // `wp.array(dtype=T, ndim=2)` rather than `wp.array2d(dtype=T)`
    PPyMinMax,     // Python min/max/abs on ints
    PSinkUnused,   // fold otherwise unused locals into a later statement
    PShapeBound,   // loops bounded by `a.shape[k]` / `len(a)` rather than literals
    PDynLoop,      // a loop with a runtime trip count
    PReturnAnnot,  // `-> type` on single-result helpers
    PArraySlot,    // stores into a component/field of an array element (`a[i].y = x`)
    PMask,         // bool / uint8 mask arrays
    // Type enables, in permille.
    TF64,
    TInt64,
    TUint32,
    TF16,
    TVec2,
    TVec3,
    TVec4,
    TVecInt,
    TMat22,
    TMat33,
    TMat44,
    TQuat,
    TTransform,
    TSpatial,
    TCustom,
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

} // namespace ws::synth
