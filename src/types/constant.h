// Compile-time values: Python literals and module globals (ints, floats,
// bools), Warp scalar instances (wp.float64(2.0), wp.uint32(7)) and Warp
// vector/matrix/quaternion/transform instances (wp.constant(wp.vec3(...))).
//
// Warp keeps the Python object and prints it with `constant_str`, whose output
// depends on whether the value is a plain Python number or a Warp scalar
// instance (`5` vs `5ll`, `0.1` vs `0.10000000149011612`), so we keep that
// distinction.
#pragma once

#include "types/pyint.h"
#include "types/type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

struct Constant {
    enum class Kind : uint8_t {
        PyBool,    // Python bool: type bool
        PyInt,     // Python int: type int32 (Warp's default for int)
        PyFloat,   // Python float: type float32 (Warp's default for float)
        Scalar,    // Warp scalar instance, e.g. wp.float64(2.0): type is that scalar
        Composite, // Warp vector/matrix/quat/transform instance
        PyStr,     // Python str: type str (the text of print() and wp.printf)
    };
    Kind kind = Kind::PyInt;
    // Scalar: the kind of Python value the instance wraps (PyBool, PyInt or
    // PyFloat). Warp prints the raw value: wp.float32(1) is `1`, wp.int32(1.0) is `1.0`.
    Kind raw_kind = Kind::PyInt;
    TypeRef type = nullptr;
    // Value of a bool/int/float: `i` holds a Python int (a bool as 0/1) or a
    // Warp scalar's raw int, `f` a Python float or a scalar's raw float.
    bool b = false;
    PyInt i;
    double f = 0.0;
    // Composite: components in row-major order, each a Scalar constant.
    std::vector<Constant> components;
    std::string s; // PyStr: the text, UTF-8

    static Constant py_bool(bool v);
    static Constant py_int(PyInt v);
    static Constant py_float(double v);
    static Constant py_str(std::string v);
    // A Warp scalar instance of `type` made from a Python value, as
    // `wp.float32(0.1)` keeps it: the raw value, whatever the type.
    static Constant warp_scalar(Scalar type, const Constant& from);

    // Python's isinstance(x, int): Python ints and bools (not Warp scalars).
    bool is_py_int() const { return kind == Kind::PyInt || kind == Kind::PyBool; }
    // Python's isinstance(x, (int, float)).
    bool is_py_number() const { return is_py_int() || kind == Kind::PyFloat; }
    // A number of any kind (Python or Warp scalar), not a composite or a string.
    bool is_number_like() const { return kind != Kind::Composite && kind != Kind::PyStr; }
    // The kind of Python value behind a number: a scalar's raw kind, else its own.
    Kind value_kind() const { return kind == Kind::Scalar ? raw_kind : kind; }
    // An int or bool value (Python's, or a Warp scalar's raw one).
    bool holds_int() const { return value_kind() == Kind::PyInt || value_kind() == Kind::PyBool; }
    // Python truthiness for bool/int/float.
    bool truthy() const;
    // The value of an int or bool when it fits in 64 bits; nullopt for floats,
    // composites and larger ints.
    std::optional<int64_t> as_int64() const;
    // The value as a double: ints correctly rounded, ±inf past the largest
    // double (unlike Python's float(), which raises). Not for composites.
    double as_double() const;
};

// Warp's constant_str(): the C++ text of a constant in `const T var_N = ...;`.
// For some values Warp's constant_str raises instead: check constant_str_error() first.
std::string constant_str(const Constant& c);
// The Python exception Warp's constant_str raises for `c`, if any: a Python int
// past the largest double (its math.isnan() check converts it), a Warp scalar's
// raw int of more than 4300 digits (str() refuses it), a float16 composite
// before wp.init() (`runtime_loaded` false: its components are converted by
// Warp's native library).
std::optional<std::string> constant_str_error(const Constant& c, bool runtime_loaded);

// What ctypes keeps of an int stored as integer `type`: wrapped to its width.
PyInt ctypes_int(Scalar type, const PyInt& v);

// The bits Warp's native library stores for a bfloat16 (float32 rounded to
// nearest even, NaN kept quiet), as it converts vector components and array data.
uint16_t bfloat16_bits(float v);
float bfloat16_value(uint16_t bits);

// A float rounded to the nearest IEEE binary16 value (ties to even; inf and nan unchanged, a value
// past the largest half becomes an infinity), as a float16 store keeps it.
float round_to_half(float f);

// Python's repr() of a float: shortest round-trip digits, `1e-06`, `1.0`,
// `inf`, `nan` (callers handle inf/nan themselves where Warp does).
std::string python_float_repr(double v);

// Python's `text.encode("unicode-escape").decode()` of UTF-8 text: printable ASCII as is
// (quotes too), backslash, \t, \n and \r escaped, every other code point as \xhh, \uhhhh or
// \Uhhhhhhhh. Warp prints string constants so (its constant_str).
std::string python_unicode_escape(std::string_view utf8);

// Python's str() of a value, e.g. for messages: `True`, `3`, `0.5`.
std::string python_str(const Constant& c);

} // namespace ws
