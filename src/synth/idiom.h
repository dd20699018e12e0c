// Idioms: the typed building blocks kernels are composed of, written as data.
//
// An idiom is one small computation people write with Warp (a spring force, a
// Reinhard tone map, a ray-sphere test, an Adam step...), given as a few strings:
//
//   {"spring_force", Domain::Particles,
//    "xa: V3 position, xb: V3 position, rest: F+ rest length, ke: F+ # stiffness =50.0"
//    " -> f: V3~ke*4 spring force",
//    "$d = {xb} - {xa}\n"
//    "$l = wp.length($d)\n"
//    "{f} = {ke} * ($l - {rest}) * $d / wp.max($l, 1.0e-6)",
//    "computes the Hooke spring force between {xa} and {xb}",
//    "f: force fs; d: delta dx; l: length dist"}
//
// The signature: `inputs -> outputs`, ports separated by commas. A port is
//   NAME: TYPE[FACTS] [#] ROLE WORDS [=DEFAULT]
//   TYPE   F (the kernel's float), I (int32), U (uint32), L (int64), B (bool),
//          V2 V3 V4, M22 M33 M44, Q (quaternion), T (transform), SV (spatial
//          vector), V2I V3I (wp.vec2i, wp.vec3i)
//   FACTS  +  positive (> 0)          0+  non-negative
//          01 in [0, 1]               u   unit length (vectors, quaternions,
//                                        rotations; a float: 1 or -1)
//          w  a float holding whole numbers (rounded, a count, a 0-or-1 step)
//          z  output: exactly zero on many elements (a gate, a ReLU, a kernel of
//             compact support), so its smallest or largest over many is often 0
//          o  output: kept away from zero (an exponential, a cosh: about 1 or
//             more), so a test against a small threshold always passes
//          n  output: never positive (a log-probability), so a ReLU of it is 0
//          S  output: a symmetric matrix (its skew part is zero)
//          Z  output of role ^x: zero where x is zero (|x|, sqrt, tanh), so
//             often zero where x is
//          !u !01 !0+ !w !o !n !S  input: a value known to be of unit length
//             (its length would be 1), in [0, 1], non-negative, whole, kept
//             away from zero, never positive or symmetric is refused
//          >K input: a value whose bound on |x| reaches K (rounding a value
//             that stays below half a step is always 0)
//          ~K input: |x| <= K required; output: a bound on |x|, a formula of
//             numbers and input names with * and + (`~ke*4`, `~a+b`, `~1`)
//          [lo,hi] integer range (input: required; output: guaranteed)
//   #      uniform: the same for every thread (a parameter, a constant)
//   ROLE   what the value is, in English ("position", "rest length"): the key of
//          the role table (roles.cpp) for parameter names and value ranges, and
//          the noun descriptions use; values flow only between matching roles
//          (or into generic ones such as "value"). An output's role `^x`
//          means "what input x is" (a clamped velocity is a velocity).
//   =DEFAULT a typical literal for a uniform port (module constants, defaults)
//
// The body: Python lines in float32 spelling (`float(...)`, `wp.vec3`, `0.5`),
// retargeted when a kernel computes in float64. `{name}` is a port (an input's
// value, an output's variable), `$name` a temporary with a fresh name. A body
// that is a single expression (no `{out} =`) defines its only output: the
// expression can then be inlined into the idiom that consumes it.
//
// The phrase: an English verb phrase; `{name}` is replaced by the noun of what
// feeds or leaves that port. Names: per output/temporary, the identifiers it
// may take (the first is the default).
#pragma once

#include "synth/stype.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ws::synth {

// What an idiom is about: the library's chapters. A kernel draws its idioms
// from one domain (plus the generic math that every domain may use).
enum class Domain : uint8_t {
    Math,      // generic numerics usable anywhere: lerp, clamp, remap, smoothstep
    Particles, // particle physics: integrators, springs, contacts, SPH/DEM
    Rigid,     // rigid bodies, quaternions, transforms, spatial algebra
    Continuum, // FEM/MPM: deformation gradients, strain, stress, weights
    Geometry,  // rays, boxes, spheres, triangles, closest points, barycentrics
    Imaging,   // color, tone mapping, sampling, shading, filters
    Learning,  // activations, losses, normalisation, optimiser steps
    Random,    // sampling and Monte Carlo with Warp's RNG
    Grids,     // stencils and PDEs on grids: Laplacians, advection, diffusion
    Bits,      // integer work: hashing, Morton codes, packing, index math
    Count
};
constexpr size_t kDomainCount = static_cast<size_t>(Domain::Count);
std::string_view domain_name(Domain d);

// Traits an idiom has, for categories to weigh (and patterns to require).
enum Trait : uint32_t {
    kBranch = 1u << 0,    // an if/else in the body
    kLoop = 1u << 1,      // a loop in the body
    kF32Only = 1u << 2,   // float32 only (e.g. Warp's RNG returns float32)
    kHelper = 1u << 3,    // reads best as a @wp.func
    kInline = 1u << 4,    // reads best inline (never a helper)
    kRandom = 1u << 5,    // takes an RNG state
    kPredicate = 1u << 6, // its output is a condition (B)
    kStencil = 1u << 7,   // inputs named by grid offsets (c, xm, xp, ym, yp, zm, zp): stencil kernels only
    kPair = 1u << 8,      // two inputs of one role are two endpoints (gathers, neighbour loops)
    // Queries a Warp mesh or volume through its id (an H port): only the spatial category draws
    // them, and its element-wise kernels start from one.
    kQuery = 1u << 9,
};

// An idiom as written in the tables.
struct IdiomSpec {
    std::string_view id;
    Domain domain;
    std::string_view sig;
    std::string_view body;
    std::string_view phrase;
    std::string_view names = {};
    uint32_t traits = 0;
};

// Value types of ports (the kernel's float precision is chosen later).
enum class PortType : uint8_t { F, I, U, B, V2, V3, V4, M22, M33, M44, Q, T, SV, L, V2I, V3I, H };
constexpr size_t kPortTypeCount = static_cast<size_t>(PortType::H) + 1; // H is the last
std::string_view port_type_name(PortType t);
// The synthesizer type of a port type in precision `fp`.
SType port_stype(PortType t, Scalar fp);

// What is known of a value: what an input requires, what an output guarantees.
struct Facts {
    bool positive = false;
    bool nonneg = false;
    bool unit01 = false;
    bool unit = false;
    bool whole = false;       // a float that holds whole numbers (a rounding's or a step's result)
    bool often_zero = false;  // exactly zero on many elements (a gate, a ReLU)
    bool offset = false;      // kept away from zero (exp, cosh): above any small threshold
    bool nonpositive = false; // never positive (a log-probability)
    bool symmetric = false;   // a symmetric matrix
    bool keeps_zero = false;  // outputs of role ^x: zero where x is zero
    // Inputs: a value known to be of unit length, in [0, 1], non-negative, whole, offset,
    // non-positive or symmetric is refused.
    bool not_unit = false, not_unit01 = false, not_nonneg = false, not_whole = false, not_offset = false,
         not_nonpositive = false, not_symmetric = false;
    bool has_range = false; // integers: [lo, hi]
    int64_t lo = 0, hi = 0;
    // Whether a value with these facts satisfies the requirements `need`.
    bool satisfies(const Facts& need) const;
};

// A term of an output bound formula: a constant times a product of input bounds.
struct BoundTerm {
    double coeff = 1.0;
    std::vector<int> inputs; // indices into Idiom::inputs
};

struct Role;

struct Port {
    std::string name;
    PortType type = PortType::F;
    Facts facts;
    bool uniform = false;
    std::string role;
    // find_role(role), looked up once when the library parses its idioms (null: not looked up):
    // composition tries every idiom's inputs for each value it extends.
    const Role* known_role = nullptr;
    std::string default_value;    // literal text, float32 spelling
    double max_abs = 0.0;         // inputs: required |x| <= max_abs (0: none)
    double min_mag = 0.0;         // inputs: the value's bound on |x| must reach this
    std::vector<BoundTerm> bound; // outputs: |x| <= sum of terms (empty: none declared)
};

// A piece of a parsed body: literal text, a port, or a temporary.
struct Piece {
    enum class Kind : uint8_t { Text, Port, Temp } kind = Kind::Text;
    std::string text; // Text: the text; Port/Temp: the name
    // Port pieces: how tightly the operators on either side bind (0: none, 100:
    // an attribute or subscript). An expression substituted here is
    // parenthesised when its own loosest operator binds less tightly.
    int left = 0, right = 0;
};

struct Idiom {
    const IdiomSpec* spec = nullptr;
    std::vector<Port> inputs;
    std::vector<Port> outputs;
    std::vector<std::string> temps; // in order of first appearance
    std::vector<Piece> body;        // the whole body, newlines in Text pieces
    bool expression = false;        // the body is one expression (its only output)
    // Identifiers per output/temporary name (first = default).
    std::vector<std::pair<std::string, std::vector<std::string>>> names;

    std::string_view id() const { return spec->id; }
    Domain domain() const { return spec->domain; }
    bool has(Trait t) const { return (spec->traits & t) != 0; }
    int input_index(std::string_view name) const;
    int output_index(std::string_view name) const;
    // The identifiers an output or temporary may take (at least one).
    std::vector<std::string> names_for(std::string_view port_or_temp) const;
};

// Parses and checks one spec: signature grammar, every input read in the body,
// every output assigned (or an expression body), temporaries assigned before
// use, names for known ports only. Throws std::invalid_argument naming the
// idiom and the problem.
Idiom parse_idiom(const IdiomSpec& spec);

} // namespace ws::synth
