// Values of the probe's interpreter: Warp's scalar, vector, matrix, quaternion,
// transform and struct values, arrays by reference, tuples from functions that
// return several values. Floats keep their precision (float32 rounds after every
// operation), integers wrap at their width, so a value that Warp's native code
// leaves unchanged stays unchanged here too.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace ws::synth::probe {

// Something the interpreter does not model: the probe has no verdict.
struct Unsupported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum class Sc : uint8_t { Bool, I8, U8, I16, U16, I32, U32, I64, U64, F16, F32, F64 };

bool is_float(Sc s);
bool is_signed(Sc s);
int bits_of(Sc s);

enum class Kind : uint8_t { None, Scalar, Vec, Mat, Quat, Transform, Struct, Array, Tuple };

struct StructDef;

// A type: Vec has `rows` components, Mat rows x cols, Quat 4, Transform 7
// (position, then rotation); arrays are typed by their buffer.
struct Type {
    Kind kind = Kind::None;
    Sc sc = Sc::F32;
    uint8_t rows = 0, cols = 0;
    const StructDef* st = nullptr;

    int size() const; // scalar components
    bool operator==(const Type&) const = default;
};

struct Value {
    Type t;
    bool is_type = false;     // a type object (`wp.vec3`, `float`): called to construct
    int array_ndim = 0;       // a type object for an array annotation
    std::array<double, 16> c; // float scalars and every composite component (set by the constructors)
    int64_t i = 0;            // integer and bool scalars (sign- or zero-extended)
    std::shared_ptr<std::vector<Value>> items; // struct fields in order, tuple elements
    int array = -1;                            // Array: index of the machine's buffer

    double num() const; // a scalar as a double
};

// A call's arguments as the builtins read them.
using Args = std::span<const Value>;

// A call's arguments as the machine collects them: the first few kept off the heap (a call
// is one of the interpreter's most frequent operations).
class ArgList {
  public:
    size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    Value* data() { return big_.empty() ? small_.data() : big_.data(); }
    const Value* data() const { return big_.empty() ? small_.data() : big_.data(); }
    Value& operator[](size_t k) { return data()[k]; }
    const Value& operator[](size_t k) const { return data()[k]; }
    const Value* begin() const { return data(); }
    const Value* end() const { return data() + n_; }
    const Value& back() const { return data()[n_ - 1]; }
    operator Args() const { return {data(), n_}; }
    void push_back(Value v);
    void resize(size_t n); // grows with empty values

  private:
    std::array<Value, 4> small_;
    std::vector<Value> big_; // all of them, once there are more than fit in `small_`
    size_t n_ = 0;
};

struct StructDef {
    std::string name;
    std::vector<std::string> fields;
    std::vector<Type> types;
    std::vector<int> array_ndims; // fields that are arrays are not modelled
};

// Rounds `v` to a float scalar type's precision, or truncates and wraps it to an integer type.
double fit(Sc s, double v);
// Wraps `v` to an integer scalar type's width.
int64_t wrap_int(Sc s, int64_t v);

Value make_scalar(Sc s, double v); // rounds or wraps (ints from the double's integer part)
Value make_int(Sc s, int64_t v);
Value make_bool(bool b);
Value make_zero(const Type& t);
Value type_value(const Type& t);

// Component k of a composite, or the scalar itself.
double comp(const Value& v, int k);
// Bit-identical (NaN payloads and signed zeros included).
bool same_bits(const Value& a, const Value& b);

} // namespace ws::synth::probe
