// A Python int: arbitrary precision, with Python's semantics for every
// operation (floor division and modulo, shifts and bitwise operations on
// negative numbers as infinite two's complement, correctly rounded float
// conversions). Values that fit in 64 bits stay inline; larger ones are GMP
// integers shared between copies (a PyInt is immutable).
#pragma once

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace ws {

class PyInt {
  public:
    PyInt() = default;
    PyInt(int64_t v) : small_(v) {} // NOLINT: an int64 is a Python int
    static PyInt from_u64(uint64_t v);
    // A Python integer literal: decimal, 0x, 0o or 0b digits, underscores
    // allowed; nullopt when malformed.
    static std::optional<PyInt> parse(std::string_view literal);
    // The integer part of a finite double (Python's int(x) for a float).
    static PyInt from_double(double v);

    bool fits_int64() const { return !big_; }
    std::optional<int64_t> to_int64() const;
    // The value modulo 2^64 (what a C cast to uint64_t keeps).
    uint64_t low_u64() const;
    int sign() const;
    bool is_zero() const { return sign() == 0; }
    bool is_odd() const;
    // Python's int.bit_length(): bits of |x|.
    uint64_t bit_length() const;
    // Python's str(): decimal digits with a leading '-'.
    std::string str() const;
    // Python's float(x): correctly rounded (ties to even); nullopt when the
    // result does not fit a double (OverflowError in Python).
    std::optional<double> to_double() const;
    // Exact comparison with a double that is not NaN: <0, 0, >0.
    int compare(double d) const;

    friend PyInt operator+(const PyInt& a, const PyInt& b);
    friend PyInt operator-(const PyInt& a, const PyInt& b);
    friend PyInt operator*(const PyInt& a, const PyInt& b);
    friend PyInt operator-(const PyInt& a);
    friend PyInt operator~(const PyInt& a);
    friend PyInt operator&(const PyInt& a, const PyInt& b);
    friend PyInt operator|(const PyInt& a, const PyInt& b);
    friend PyInt operator^(const PyInt& a, const PyInt& b);
    // Shifts by a count >= 0; `>>` rounds towards negative infinity.
    PyInt shl(uint64_t count) const;
    PyInt shr(uint64_t count) const;
    // Python's // and % (the remainder takes the divisor's sign); b != 0.
    static PyInt floor_div(const PyInt& a, const PyInt& b);
    static PyInt floor_mod(const PyInt& a, const PyInt& b);
    static PyInt pow(const PyInt& base, uint64_t exponent);
    // Python's a / b: the correctly rounded quotient; b != 0. nullopt when it
    // does not fit a double (OverflowError in Python).
    static std::optional<double> true_div(const PyInt& a, const PyInt& b);

    friend bool operator==(const PyInt& a, const PyInt& b);
    friend std::strong_ordering operator<=>(const PyInt& a, const PyInt& b);

    struct Big; // a GMP integer, only for values outside int64

  private:
    explicit PyInt(std::shared_ptr<const Big> big) : big_(std::move(big)) {}
    friend struct PyIntAccess;

    int64_t small_ = 0;
    std::shared_ptr<const Big> big_; // null when the value is small_
};

} // namespace ws
