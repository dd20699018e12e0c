// Values of the probe's interpreter: Warp's scalar, vector, matrix, quaternion,
// transform and struct values, arrays by reference, tuples from functions that
// return several values. Floats keep their precision (float32 rounds after every
// operation), integers wrap at their width, so a value that Warp's native code
// leaves unchanged stays unchanged here too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace ws::synth::probe {

// Something the interpreter does not model: the probe has no verdict.
struct Unsupported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws Unsupported(what), out of line: a throw in a function makes its callers save
// registers for it, and the interpreter's dispatching functions are its most frequent.
[[noreturn, gnu::cold]] void throw_unsupported(const char* what);

enum class Sc : uint8_t { Bool, I8, U8, I16, U16, I32, U32, I64, U64, F16, F32, F64 };

// Inline, as the other small helpers below: the interpreter calls them on every operation.
inline bool is_float(Sc s) {
    return s == Sc::F16 || s == Sc::F32 || s == Sc::F64;
}
inline bool is_signed(Sc s) {
    return s == Sc::I8 || s == Sc::I16 || s == Sc::I32 || s == Sc::I64;
}
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

    // Scalar components. Tests, most frequent kind first, rather than a switch's jump table: the
    // operators and constructors ask for every composite.
    int size() const {
        if (kind == Kind::Vec) return rows;
        if (kind == Kind::Scalar) return 1;
        if (kind == Kind::Mat) return rows * cols;
        if (kind == Kind::Quat) return 4;
        return kind == Kind::Transform ? 7 : 0;
    }
    // The four one-byte fields as one word (a memberwise test is four compares and branches, and
    // the operators compare types on every call).
    bool operator==(const Type& o) const { return head() == o.head() && st == o.st; }

  private:
    uint32_t head() const {
        uint32_t h;
        std::memcpy(&h, this, sizeof h);
        return h;
    }
};
static_assert(offsetof(Type, kind) == 0 && offsetof(Type, cols) == 3);

// The fields a copy always takes lie together before the components, so that the copy of a
// scalar reads and writes one run of memory.
struct Value {
    Type t;
    int64_t i = 0;                             // integer and bool scalars (sign- or zero-extended)
    int array = -1;                            // Array: index of the machine's buffer
    int array_ndim = 0;                        // a type object for an array annotation
    bool is_type = false;                      // a type object (`wp.vec3`, `float`): called to construct
    std::shared_ptr<std::vector<Value>> items; // struct fields in order, tuple elements
    std::array<double, 16> c; // float scalars and every composite component (set by the constructors)

    // A scalar's copy takes only its one component (the other fifteen of `c` are never set for
    // a scalar, nor read): copying values is a good part of the interpreter's work, and most
    // values are scalars. Composites copy all of `c`, as before.
    Value() = default;
    Value(const Value& o) : Value(o, HeaderOnly{}) { copy_components(o); }
    Value(Value&& o) noexcept
        : t(o.t), i(o.i), array(o.array), array_ndim(o.array_ndim), is_type(o.is_type),
          items(std::move(o.items)) {
        copy_components(o);
    }
    Value& operator=(const Value& o) {
        t = o.t, is_type = o.is_type, array_ndim = o.array_ndim, i = o.i, items = o.items, array = o.array;
        copy_components(o);
        return *this;
    }
    // Always inline: GCC otherwise outlines it as its callers grow, and an assignment is a call then.
    [[gnu::always_inline]] Value& operator=(Value&& o) noexcept {
        t = o.t, is_type = o.is_type, array_ndim = o.array_ndim, i = o.i, items = std::move(o.items);
        array = o.array;
        copy_components(o);
        return *this;
    }
    ~Value() = default;

    // `o` but for its components, which are left unset: for a result the caller fills (its
    // first o.t.size() components), so that `o`'s are not copied first only to be overwritten.
    static Value like(const Value& o) { return Value(o, HeaderOnly{}); }

    // As `*this = Value{}`, in place (no temporary to zero and then move).
    void clear() {
        t = {}, is_type = false, array_ndim = 0, i = 0, items.reset(), array = -1;
        c.fill(0.0);
    }

    double num() const { // a scalar as a double
        if (t.kind != Kind::Scalar) throw_unsupported("a scalar was expected");
        return is_float(t.sc) ? c[0] : double(i);
    }

  private:
    // `o` but for its components, its fields copied straight (not first set to their defaults).
    struct HeaderOnly {};
    Value(const Value& o, HeaderOnly)
        : t(o.t), i(o.i), array(o.array), array_ndim(o.array_ndim), is_type(o.is_type), items(o.items) {}

    void copy_components(const Value& o) {
        if (o.t.kind == Kind::Scalar)
            c[0] = o.c[0];
        else
            c = o.c;
    }
};

// A call's arguments as the builtins read them, each where it is (a variable's or a literal's read
// in place, not copied: copying values is a good part of what a call costs).
class Args {
  public:
    // The values `p[0]` ... `p[n - 1]` point at.
    Args(const Value* const* p, size_t n) : p_(p), n_(n) {}

    size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    const Value& operator[](size_t k) const { return *p_[k]; }

  private:
    const Value* const* p_;
    size_t n_;
};

// A call's arguments as the machine collects them: the first few kept off the heap (a call
// is one of the interpreter's most frequent operations), in raw storage so that an empty
// list constructs no values.
class ArgList {
  public:
    ArgList() = default;
    ArgList(const ArgList&) = delete;
    ArgList& operator=(const ArgList&) = delete;
    ~ArgList() {
        if (in_small()) std::destroy_n(small(), n_);
    }

    size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    Value* data() { return in_small() ? small() : big_.data(); }
    const Value* data() const { return in_small() ? small() : big_.data(); }
    Value& operator[](size_t k) { return data()[k]; }
    const Value& operator[](size_t k) const { return data()[k]; }
    const Value* begin() const { return data(); }
    const Value* end() const { return data() + n_; }
    const Value& back() const { return data()[n_ - 1]; }
    operator Args() const; // valid while the list is, unchanged
    void push_back(Value&& v) {
        emplace([&]() -> Value&& { return std::move(v); });
    }
    // Appends the value `make()` returns, made in place (no move) when it fits in `small_`.
    template <class F>
    void emplace(F&& make) {
        if (n_ < kSmall) { // then still in `small_` (see in_small())
            ::new (static_cast<void*>(small() + n_)) Value(make());
            ++n_;
            return;
        }
        spill(make());
    }
    void resize(size_t n); // grows with empty values

  private:
    // A 3x3 matrix's constructor, the largest frequent call, fits (a spill to the heap costs
    // more than the call).
    static constexpr size_t kSmall = 9;
    // Whether the values are in `small_`: the list moves to `big_` only as it grows past kSmall
    // (a look at the count alone, not at the vector's two pointers).
    bool in_small() const { return n_ <= kSmall; }
    Value* small() { return std::launder(reinterpret_cast<Value*>(small_)); }
    const Value* small() const { return std::launder(reinterpret_cast<const Value*>(small_)); }
    void spill(Value&& v); // moves the list to `big_` and appends `v`

    alignas(Value) unsigned char small_[kSmall * sizeof(Value)];
    std::vector<Value> big_; // all of them, once there are more than fit in `small_`
    size_t n_ = 0;
    // operator Args()'s pointers at the values (the vector once they are in `big_`).
    mutable std::array<const Value*, kSmall> small_ptrs_;
    mutable std::vector<const Value*> big_ptrs_;
};

struct StructDef {
    std::string name;
    std::vector<std::string> fields;
    std::vector<Type> types;
    std::vector<int> array_ndims; // fields that are arrays are not modelled
};

// Wraps `v` to an integer scalar type's width.
inline int64_t wrap_int(Sc s, int64_t v) {
    switch (s) {
    case Sc::Bool: return v != 0;
    case Sc::I8: return int8_t(v);
    case Sc::U8: return uint8_t(v);
    case Sc::I16: return int16_t(v);
    case Sc::U16: return uint16_t(v);
    case Sc::I32: return int32_t(v);
    case Sc::U32: return uint32_t(v);
    default: return v;
    }
}

// fit() for half floats and integers.
double fit_slow(Sc s, double v);
// Rounds `v` to a float scalar type's precision, or truncates and wraps it to an integer type.
inline double fit(Sc s, double v) {
    if (s == Sc::F32) return double(float(v));
    if (s == Sc::F64) return v;
    return fit_slow(s, v);
}

inline Value make_int(Sc s, int64_t v) {
    Value r;
    r.t = {Kind::Scalar, s};
    r.i = wrap_int(s, v);
    return r;
}

Value make_int_of(Sc s, double v); // make_scalar() for integer types
// Rounds or wraps (ints from the double's integer part).
inline Value make_scalar(Sc s, double v) {
    if (!is_float(s)) return make_int_of(s, v);
    Value r;
    r.t = {Kind::Scalar, s};
    r.c[0] = fit(s, v);
    return r;
}
// make_scalar(Sc::F32, v), with no branch: the probe's most frequent scalar.
inline Value make_f32(double v) {
    Value r;
    r.t = {Kind::Scalar, Sc::F32};
    r.c[0] = double(float(v));
    return r;
}
inline Value make_bool(bool b) {
    return make_int(Sc::Bool, b ? 1 : 0);
}
Value make_zero(const Type& t);
Value type_value(const Type& t);

// Component k of a composite, or the scalar itself.
inline double comp(const Value& v, int k) {
    if (v.t.kind == Kind::Scalar) return v.num();
    if (k >= v.t.size()) throw_unsupported("a component out of range");
    return v.c[size_t(k)];
}
// Bit-identical (NaN payloads and signed zeros included).
bool same_bits(const Value& a, const Value& b);

} // namespace ws::synth::probe
