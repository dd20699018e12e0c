// The synthesizer's own small type model: the Warp value types it writes
// (scalars, vectors, matrices, quaternions, transforms, spatial vectors and
// user structs) and how each is spelled in Python. Kept apart from
// src/types (the compiler's model) so the generator does not move with it.
#pragma once

#include <cstdint>
#include <string>

namespace ws::synth {

// U8 is storage only (byte masks): read and compared, never computed with. U64 is the type of
// the ids by which kernels query Warp's meshes, BVHs, hash grids and volumes.
enum class Scalar : uint8_t { F16, F32, F64, I32, I64, U32, Bool, U8, U64 };

enum class Kind : uint8_t { Scalar, Vec, Mat, Quat, Transform, Spatial, Struct };

struct SType {
    Kind kind = Kind::Scalar;
    Scalar scalar = Scalar::F32; // component type for composites
    uint8_t n = 0;               // vector length / matrix rows
    uint8_t m = 0;               // matrix columns
    // Vectors and matrices declared with wp.types.vector/matrix at module
    // level are spelled by that name (vec_custom / mat_custom).
    int16_t custom = -1; // index into the module's custom types; struct index for Struct

    static SType scalar_of(Scalar s) { return SType{Kind::Scalar, s, 0, 0, -1}; }
    static SType vec(int n, Scalar s = Scalar::F32) { return SType{Kind::Vec, s, uint8_t(n), 0, -1}; }
    static SType mat(int r, int c, Scalar s = Scalar::F32) {
        return SType{Kind::Mat, s, uint8_t(r), uint8_t(c), -1};
    }
    static SType quat(Scalar s = Scalar::F32) { return SType{Kind::Quat, s, 4, 0, -1}; }
    static SType transform(Scalar s = Scalar::F32) { return SType{Kind::Transform, s, 7, 0, -1}; }
    static SType spatial(Scalar s = Scalar::F32) { return SType{Kind::Spatial, s, 6, 0, -1}; }
    static SType structure(int index) { return SType{Kind::Struct, Scalar::F32, 0, 0, int16_t(index)}; }

    bool operator==(const SType&) const = default;

    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_float() const {
        return kind == Kind::Scalar &&
               (scalar == Scalar::F16 || scalar == Scalar::F32 || scalar == Scalar::F64);
    }
    bool is_int() const {
        return kind == Kind::Scalar &&
               (scalar == Scalar::I32 || scalar == Scalar::I64 || scalar == Scalar::U32);
    }
    bool is_signed_int() const {
        return kind == Kind::Scalar && (scalar == Scalar::I32 || scalar == Scalar::I64);
    }
    bool is_bool() const { return kind == Kind::Scalar && scalar == Scalar::Bool; }
    bool is_composite() const { return kind != Kind::Scalar && kind != Kind::Struct; }
    bool is_float_vec() const { return kind == Kind::Vec && is_float_scalar(scalar); }
    bool is_square_mat() const { return kind == Kind::Mat && n == m; }
    // Components are floats (vectors, matrices, quats, transforms, spatial).
    bool has_float_components() const { return is_composite() && is_float_scalar(scalar); }
    SType component() const { return scalar_of(scalar); }

    static bool is_float_scalar(Scalar s) { return s == Scalar::F16 || s == Scalar::F32 || s == Scalar::F64; }
};

// Python spelling of a scalar type in annotations and as a constructor:
// `float`/`int` (Python builtins) or `wp.float64`... `python_builtin` picks
// `float`/`int` for float32/int32 where both spellings are valid.
std::string scalar_name(Scalar s, bool python_builtin);

// Python spelling of a non-struct, non-custom type: `wp.vec3d`, `wp.mat33`,
// `wp.quat`, `wp.transformd`, `wp.spatial_vector`, or a scalar spelling.
std::string builtin_type_name(const SType& t, bool python_builtin_scalars = true);

// Number of scalar components (1 for scalars).
int component_count(const SType& t);

} // namespace ws::synth
