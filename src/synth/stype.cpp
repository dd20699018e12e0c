#include "synth/stype.h"

#include <fmt/format.h>

namespace ws::synth {

std::string scalar_name(Scalar s, bool python_builtin) {
    switch (s) {
    case Scalar::F16: return "wp.float16";
    case Scalar::F32: return python_builtin ? "float" : "wp.float32";
    case Scalar::F64: return "wp.float64";
    case Scalar::I32: return python_builtin ? "int" : "wp.int32";
    case Scalar::I64: return "wp.int64";
    case Scalar::U32: return "wp.uint32";
    case Scalar::Bool: return python_builtin ? "bool" : "wp.bool";
    case Scalar::U8: return "wp.uint8";
    case Scalar::U64: return "wp.uint64";
    }
    return "float";
}

namespace {

// Warp's suffixes for the component type of vector/matrix aliases.
const char* suffix(Scalar s) {
    switch (s) {
    case Scalar::F16: return "h";
    case Scalar::F32: return "";
    case Scalar::F64: return "d";
    case Scalar::I32: return "i";
    case Scalar::I64: return "l";
    case Scalar::U32: return "ui";
    case Scalar::Bool: return "b";
    case Scalar::U8: return "ub";
    case Scalar::U64: return "ul";
    }
    return "";
}

} // namespace

std::string builtin_type_name(const SType& t, bool python_builtin_scalars) {
    switch (t.kind) {
    case Kind::Scalar: return scalar_name(t.scalar, python_builtin_scalars);
    case Kind::Vec: return fmt::format("wp.vec{}{}", t.n, suffix(t.scalar));
    case Kind::Mat: return fmt::format("wp.mat{}{}{}", t.n, t.m, suffix(t.scalar));
    case Kind::Quat: return fmt::format("wp.quat{}", suffix(t.scalar));
    case Kind::Transform: return fmt::format("wp.transform{}", suffix(t.scalar));
    case Kind::Spatial: return fmt::format("wp.spatial_vector{}", suffix(t.scalar));
    case Kind::Struct: break;
    }
    return "?";
}

int component_count(const SType& t) {
    switch (t.kind) {
    case Kind::Scalar: return 1;
    case Kind::Vec: return t.n;
    case Kind::Mat: return t.n * t.m;
    case Kind::Quat: return 4;
    case Kind::Transform: return 7;
    case Kind::Spatial: return 6;
    case Kind::Struct: return 0;
    }
    return 1;
}

} // namespace ws::synth
