// Type patterns: the types of builtin parameters as Warp annotates them,
// concrete (`float32`, `vec3f`) or generic (`Float`, `vector(length=Any,
// dtype=Scalar)`, `array(dtype=Any)`), and Warp's rule for whether an argument
// type matches one (`types_equal_generic` as `func_match_args` applies it).
//
// Patterns are written as text by tools/dump_warp_registry.py (grammar there)
// and parsed once, when the registry is first used.
#pragma once

#include "types/type.h"

#include <string>
#include <string_view>
#include <vector>

namespace ws::builtins {

// The scalar part of a pattern: Warp's TypeVars Scalar/Float/Int, Any, or a
// concrete scalar.
enum class ScalarFamily : uint8_t { Any, Scalar, Float, Int, Concrete };

struct TypePattern {
    enum class Kind : uint8_t {
        Any,
        Scalar, // a scalar family or a concrete scalar (family/scalar below)
        Vector,
        Matrix,
        Quaternion,
        Transform,
        Array,
        Tuple,     // tuple annotations: bare `tuple`, tuple[P, ...], tuple[P, Q]
        List,      // a fixed list of return types (value_type=[int, int])
        Reference, // Warp's Reference(P), only as a return type
        Range,
        Shape,
        Str,
        Callable,
        Tile,   // Warp's tile of any shape and storage whose dtype matches `elem`
        Opaque, // another Python type: a query object (types::opaque) or a tile stack, texture (never
                // matches)
    };
    Kind kind = Kind::Any;
    ScalarFamily family = ScalarFamily::Any; // Scalar; dtype of Vector/Matrix/Quaternion/Transform
    Scalar scalar = Scalar::Float32;         // when family == Concrete
    int length = -1;                         // Vector; -1 is Any
    int rows = -1, cols = -1;                // Matrix; -1 is Any
    ArrayClass array_class = ArrayClass::Array;
    int ndim = -1;                         // Array (Warp never checks it when matching)
    const TypePattern* elem = nullptr;     // Array, Tile dtype; Reference target; Tuple element before `...`
    std::vector<const TypePattern*> elems; // Tuple / List elements
    bool bare = false;                     // Tuple: `tuple` without parameters (matches any tuple)
    bool ellipsis = false;                 // Tuple: tuple[P, ...]
    std::string_view text;                 // the pattern as written in the table
    std::string_view opaque_name;          // Opaque: the Python class name
    TypeRef concrete = nullptr;            // the type, when the pattern names exactly one
};

// Parses (and interns) a pattern. Malformed text is a programming error in the
// generated table: it aborts with a message.
const TypePattern* parse_pattern(std::string_view text);

// Whether a concrete argument type (references already stripped) matches a
// parameter pattern, as func_match_args decides it.
bool matches(const TypePattern& param, TypeRef arg);

// Whether a concrete scalar belongs to a scalar family (scalars_equal_generic).
bool scalar_matches(ScalarFamily family, Scalar concrete_family_scalar, Scalar arg);

// Warp's spelling of a pattern for messages (type_repr-like).
std::string pattern_repr(const TypePattern& p);

} // namespace ws::builtins
