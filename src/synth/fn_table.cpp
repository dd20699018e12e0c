#include "synth/fn_table.h"

namespace ws::synth {

namespace {

using enum Fam;
constexpr Knob kMath = Knob::EMathFn;
constexpr Knob kComp = Knob::ECompositeFn;

// Domain guards are part of the signature: sqrt/log/pow take Fpos, acos/asin
// take Funit, so kernels stay finite on the launch ranges.
constexpr FnRow kRows[] = {
    // Scalar math.
    {"wp.sin", F, {F}, 1, kMath, 10, kNone},
    {"wp.cos", F, {F}, 1, kMath, 10, kNone},
    {"wp.tan", F, {Funit}, 1, kMath, 3, kNone},
    {"wp.tanh", F, {F}, 1, kMath, 6, kNone},
    {"wp.sinh", F, {Fsmall}, 1, kMath, 2, kNone},
    {"wp.cosh", F, {Fsmall}, 1, kMath, 2, kPositive},
    {"wp.exp", F, {Fsmall}, 1, kMath, 8, kPositive},
    {"wp.log", F, {Fpos}, 1, kMath, 6, kNone},
    {"wp.log2", F, {Fpos}, 1, kMath, 3, kNone},
    {"wp.log10", F, {Fpos}, 1, kMath, 3, kNone},
    {"wp.sqrt", F, {Fpos}, 1, kMath, 10, kPositive},
    {"wp.cbrt", F, {F}, 1, kMath, 2, kNone},
    {"wp.acos", F, {Funit}, 1, kMath, 3, kNonNeg},
    {"wp.asin", F, {Funit}, 1, kMath, 3, kNone},
    {"wp.atan", F, {F}, 1, kMath, 4, kNone},
    {"wp.atan2", F, {F, F}, 2, kMath, 5, kNone},
    {"wp.pow", F, {Fpos, F}, 2, kMath, 4, kPositive},
    {"wp.abs", F, {F}, 1, kMath, 8, kNonNeg},
    {"wp.sign", F, {F}, 1, kMath, 3, kNone},
    {"wp.floor", F, {F}, 1, kMath, 4, kNone},
    {"wp.ceil", F, {F}, 1, kMath, 3, kNone},
    {"wp.round", F, {F}, 1, kMath, 2, kNone},
    {"wp.rint", F, {F}, 1, kMath, 2, kNone},
    {"wp.trunc", F, {F}, 1, kMath, 2, kNone},
    {"wp.frac", F, {F}, 1, kMath, 2, kNonNeg},
    {"wp.min", F, {F, F}, 2, kMath, 8, kNone},
    {"wp.max", F, {F, F}, 2, kMath, 8, kNone},
    {"wp.lerp", F, {F, F, F}, 3, kMath, 5, kNone},
    {"wp.step", F, {F}, 1, kMath, 2, kNonNeg},
    {"wp.degrees", F, {F}, 1, kMath, 2, kNone},
    {"wp.radians", F, {F}, 1, kMath, 2, kNone},
    {"wp.erf", F, {F}, 1, kMath, 2, kNone},

    // Composite -> scalar.
    {"wp.dot", F, {V, V}, 2, kComp, 10, kNone},
    {"wp.length", F, {V}, 1, kComp, 10, kNonNeg},
    {"wp.length_sq", F, {V}, 1, kComp, 5, kNonNeg},
    {"wp.determinant", F, {M}, 1, kComp, 5, kNone},
    {"wp.trace", F, {M}, 1, kComp, 5, kNone},
    {"wp.spatial_dot", F, {S, S}, 2, kComp, 4, kNone},

    // Vectors.
    {"wp.normalize", V, {V}, 1, kComp, 10, kUnit},
    {"wp.cross", V3, {V3, V3}, 2, kComp, 10, kNone},
    {"wp.cw_mul", V, {V, V}, 2, kComp, 5, kNone},
    {"wp.cw_div", V, {V, V}, 2, kComp, 2, kNone},
    {"wp.lerp", V, {V, V, F}, 3, kComp, 4, kNone},
    {"wp.abs", V, {V}, 1, kComp, 2, kNone},
    {"wp.min", V, {V, V}, 2, kComp, 3, kNone},
    {"wp.max", V, {V, V}, 2, kComp, 3, kNone},
    {"wp.get_diag", V, {M}, 1, kComp, 2, kNone},
    {"wp.quat_rotate", V3, {Q, V3}, 2, kComp, 10, kNone},
    {"wp.quat_rotate_inv", V3, {Q, V3}, 2, kComp, 6, kNone},
    {"wp.transform_point", V3, {T, V3}, 2, kComp, 10, kNone},
    {"wp.transform_vector", V3, {T, V3}, 2, kComp, 6, kNone},
    {"wp.transform_get_translation", V3, {T}, 1, kComp, 6, kNone},
    {"wp.spatial_top", V3, {S}, 1, kComp, 5, kNone},
    {"wp.spatial_bottom", V3, {S}, 1, kComp, 5, kNone},

    // Matrices.
    {"wp.transpose", M, {M}, 1, kComp, 8, kNone},
    {"wp.inverse", M, {M}, 1, kComp, 3, kNone},
    {"wp.outer", M, {V, V}, 2, kComp, 6, kNone},
    {"wp.diag", M, {V}, 1, kComp, 5, kNone},
    {"wp.skew", M3, {V3}, 1, kComp, 3, kNone},
    {"wp.quat_to_matrix", M3, {Q}, 1, kComp, 5, kNone},

    // Quaternions and transforms.
    {"wp.quat_from_axis_angle", Q, {Vunit3, F}, 2, kComp, 10, kUnit},
    {"wp.quat_inverse", Q, {Q}, 1, kComp, 6, kNone},
    {"wp.normalize", Q, {Q}, 1, kComp, 6, kUnit},
    {"wp.transform_get_rotation", Q, {T}, 1, kComp, 6, kNone},
    {"wp.quat_slerp", Q, {Qunit, Qunit, F}, 3, kComp, 3, kNone},
    {"wp.quat_rpy", Q, {F, F, F}, 3, kComp, 3, kUnit},
    {"wp.quat_from_matrix", Q, {M3}, 1, kComp, 2, kNone},
    {"wp.transform_multiply", T, {T, T}, 2, kComp, 10, kNone},
    {"wp.transform_inverse", T, {T}, 1, kComp, 6, kNone},
    {"wp.spatial_cross", S, {S, S}, 2, kComp, 6, kNone},
};

} // namespace

std::span<const FnRow> fn_table() {
    return kRows;
}

} // namespace ws::synth
