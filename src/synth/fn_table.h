// Warp builtins the expression generator calls, as data: Python name, the
// family of the result, the kinds of the arguments, and which policy knob
// weighs them. Builtins that need literal arguments (clamp edges,
// wp.identity's n=, dtype=) or a random state are written by hand in
// gen_expr.cpp.
#pragma once

#include "synth/policy.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace ws::synth {

// Result / argument families, relative to the kernel's float precision F and
// a length N bound by the call (vectors/matrices of one call share N).
enum class Fam : uint8_t {
    F,      // float scalar
    Fpos,   // float scalar > 0 (sqrt/log/pow bases, divisors)
    Funit,  // float scalar in [-1, 1] (acos/asin)
    Fsmall, // float scalar of moderate size (exp/sinh/cosh)
    V,      // float vector of length N
    Vunit3, // unit vec3 (rotation axes)
    V3,     // float vec3
    M,      // square float matrix N x N
    M3,     // mat33
    Q,      // quaternion
    Qunit,  // unit quaternion
    T,      // transform
    S,      // spatial vector
};

enum FnFlags : uint8_t {
    kNone = 0,
    kPositive = 1, // result > 0
    kUnit = 2,     // result is a unit vector / quaternion
    kNonNeg = 4,   // result >= 0
};

struct FnRow {
    std::string_view name;
    Fam result;
    std::array<Fam, 3> args;
    uint8_t nargs;
    Knob knob;
    uint8_t weight;
    uint8_t flags;
};

std::span<const FnRow> fn_table();

} // namespace ws::synth
