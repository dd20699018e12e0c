// Python's operations on its numbers (bool, int, float), exactly as CPython
// 3.11 computes them: what `wp.static(...)` and module-level constants give
// when Warp runs the module. Operands and results are Constants of kind
// PyBool, PyInt or PyFloat.
#pragma once

#include "types/constant.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::python {

// A Python exception the operation raises (Python would stop there).
class Error : public std::runtime_error {
  public:
    Error(std::string type, const std::string& message)
        : std::runtime_error(type + ": " + message), type_(std::move(type)) {}
    const std::string& type() const { return type_; } // "ZeroDivisionError", ...

  private:
    std::string type_;
};

// A result warpsynth does not model (a complex number, an int too large to
// compute here): Python would go on, we give up on the expression.
class NotModeled : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A complex result (a negative number to a fractional power). Its value is not
// modelled, but some operations on any complex number raise: see complex_binary.
class ComplexResult : public NotModeled {
  public:
    ComplexResult() : NotModeled("a complex number") {}
};

// Ints are computed up to this many bits; beyond, NotModeled.
constexpr uint64_t kMaxIntBits = uint64_t{1} << 20;

enum class BinOp { Add, Sub, Mult, MatMult, Div, FloorDiv, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CmpOp { Eq, NotEq, Lt, LtE, Gt, GtE };

Constant binary(BinOp op, const Constant& a, const Constant& b);
Constant unary(UnaryOp op, const Constant& a);
bool compare(CmpOp op, const Constant& a, const Constant& b);

// `a <op> b` where a or b is a complex number and the other a number: raises
// where Python raises whatever the values (TypeError for //, %, shifts and
// bitwise operators; ZeroDivisionError for a division by a zero number), else
// throws ComplexResult.
[[noreturn]] void complex_binary(BinOp op, bool divisor_is_zero_number);

// Builtins on numbers.
Constant to_int(const Constant& x);   // int(x)
Constant to_float(const Constant& x); // float(x)
// float(text) of a str: ValueError if Python would raise one; NotModeled for non-ASCII text.
Constant float_of_text(std::string_view text);
Constant abs(const Constant& x);
Constant round(const Constant& x);                          // round(x)
Constant round(const Constant& x, const Constant& ndigits); // round(x, ndigits)
std::pair<Constant, Constant> divmod(const Constant& a, const Constant& b);
Constant pow(const Constant& a, const Constant& b, const Constant& modulus); // pow(a, b, m)
// min(*xs)/max(*xs) of numbers (not one: that would be an iterable): the
// first smallest/largest, as Python picks it.
const Constant& min(const std::vector<const Constant*>& xs);
const Constant& max(const std::vector<const Constant*>& xs);

// Python's name of the operand's type ('int', 'float', 'bool') and symbol of an operator, for messages.
const char* type_name(const Constant& x);
const char* symbol(BinOp op);

} // namespace ws::python
