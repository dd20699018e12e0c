// Each operation follows CPython 3.11 (Objects/longobject.c, floatobject.c,
// Python/bltinmodule.c): the same results, the same exceptions.
#include "types/python_number.h"

#include <cfloat>
#include <cmath>
#include <fmt/format.h>

namespace ws::python {

namespace {

using Kind = Constant::Kind;

bool is_float(const Constant& x) {
    return x.kind == Kind::PyFloat;
}

void check_number(const Constant& x) {
    if (!x.is_py_number()) throw NotModeled("not a Python number");
}

// Python's float(x) of an int or float operand (OverflowError past the largest double).
double as_float(const Constant& x) {
    if (is_float(x)) return x.f;
    std::optional<double> d = x.i.to_double();
    if (!d) throw Error("OverflowError", "int too large to convert to float");
    return *d;
}

void check_bits(uint64_t bits) {
    if (bits > kMaxIntBits)
        throw NotModeled(
            fmt::format("an integer of more than {} bits, which warpsynth does not compute", kMaxIntBits));
}

Constant int_result(PyInt v) {
    return Constant::py_int(std::move(v));
}

// ---- floats

bool is_odd_integer(double x) {
    return std::fmod(std::fabs(x), 2.0) == 1.0;
}

// CPython's _float_div_mod: floor quotient and modulo with the divisor's sign.
std::pair<double, double> float_div_mod(double vx, double wx) {
    double mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, wx);
    }
    double floordiv;
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, vx / wx);
    }
    return {floordiv, mod};
}

double float_rem(double vx, double wx) {
    double mod = std::fmod(vx, wx);
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) mod += wx;
    } else {
        mod = std::copysign(0.0, wx);
    }
    return mod;
}

// CPython's float_pow, special cases first.
double float_pow(double iv, double iw) {
    if (iw == 0.0) return 1.0;
    if (std::isnan(iv)) return iv;
    if (std::isnan(iw)) return iv == 1.0 ? 1.0 : iw;
    if (std::isinf(iw)) {
        iv = std::fabs(iv);
        if (iv == 1.0) return 1.0;
        if ((iw > 0.0) == (iv > 1.0)) return std::fabs(iw);
        return 0.0;
    }
    if (std::isinf(iv)) {
        bool odd = is_odd_integer(iw);
        if (iw > 0.0) return odd ? iv : std::fabs(iv);
        return odd ? std::copysign(0.0, iv) : 0.0;
    }
    if (iv == 0.0) {
        if (iw < 0.0) throw Error("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return is_odd_integer(iw) ? iv : 0.0;
    }
    bool negate = false;
    if (iv < 0.0) {
        if (iw != std::floor(iw)) {
            // Python computes a complex power; its modulus |iv|^iw overflowing raises.
            if (std::isinf(std::pow(-iv, iw))) throw Error("OverflowError", "complex exponentiation");
            throw ComplexResult();
        }
        iv = -iv;
        negate = is_odd_integer(iw);
    }
    if (iv == 1.0) return negate ? -1.0 : 1.0;
    double ix = std::pow(iv, iw);
    if (std::isinf(ix)) throw Error("OverflowError", "(34, 'Numerical result out of range')");
    return negate ? -ix : ix;
}

Constant float_binary(BinOp op, double x, double y) {
    switch (op) {
    case BinOp::Add: return Constant::py_float(x + y);
    case BinOp::Sub: return Constant::py_float(x - y);
    case BinOp::Mult: return Constant::py_float(x * y);
    case BinOp::Div:
        if (y == 0.0) throw Error("ZeroDivisionError", "float division by zero");
        return Constant::py_float(x / y);
    case BinOp::FloorDiv:
        if (y == 0.0) throw Error("ZeroDivisionError", "float floor division by zero");
        return Constant::py_float(float_div_mod(x, y).first);
    case BinOp::Mod:
        if (y == 0.0) throw Error("ZeroDivisionError", "float modulo");
        return Constant::py_float(float_rem(x, y));
    case BinOp::Pow: return Constant::py_float(float_pow(x, y));
    default: break;
    }
    throw NotModeled("float operator");
}

// ---- ints

uint64_t shift_count(const PyInt& b) {
    if (b.sign() < 0) throw Error("ValueError", "negative shift count");
    std::optional<int64_t> n = b.to_int64();
    return n ? static_cast<uint64_t>(*n) : UINT64_MAX;
}

Constant int_pow(const PyInt& a, const PyInt& b) {
    if (b.sign() < 0) {
        // A negative exponent gives a float: float(a) ** float(b).
        return Constant::py_float(float_pow(as_float(Constant::py_int(a)), as_float(Constant::py_int(b))));
    }
    if (a.is_zero()) return int_result(b.is_zero() ? 1 : 0);
    if (a == PyInt(1)) return int_result(1);
    if (a == PyInt(-1)) return int_result(b.is_odd() ? -1 : 1);
    // |a| >= 2: the result has more than b bits.
    std::optional<int64_t> e = b.to_int64();
    if (!e || static_cast<uint64_t>(*e) > kMaxIntBits) check_bits(kMaxIntBits + 1);
    check_bits((a.bit_length() - 1) * static_cast<uint64_t>(*e));
    return int_result(PyInt::pow(a, static_cast<uint64_t>(*e)));
}

Constant int_binary(BinOp op, const Constant& ca, const Constant& cb) {
    const PyInt& a = ca.i;
    const PyInt& b = cb.i;
    bool bools = ca.kind == Kind::PyBool && cb.kind == Kind::PyBool;
    switch (op) {
    case BinOp::Add: return int_result(a + b);
    case BinOp::Sub: return int_result(a - b);
    case BinOp::Mult: check_bits(a.bit_length() + b.bit_length()); return int_result(a * b);
    case BinOp::Div: {
        if (b.is_zero()) throw Error("ZeroDivisionError", "division by zero");
        std::optional<double> q = PyInt::true_div(a, b);
        if (!q) throw Error("OverflowError", "integer division result too large for a float");
        return Constant::py_float(*q);
    }
    case BinOp::FloorDiv:
        if (b.is_zero()) throw Error("ZeroDivisionError", "integer division or modulo by zero");
        return int_result(PyInt::floor_div(a, b));
    case BinOp::Mod:
        if (b.is_zero()) throw Error("ZeroDivisionError", "integer division or modulo by zero");
        return int_result(PyInt::floor_mod(a, b));
    case BinOp::Pow: return int_pow(a, b);
    case BinOp::LShift: {
        uint64_t n = shift_count(b);
        if (a.is_zero()) return int_result(0);
        if (n > kMaxIntBits) check_bits(n);
        check_bits(a.bit_length() + n);
        return int_result(a.shl(n));
    }
    case BinOp::RShift: return int_result(a.shr(shift_count(b)));
    case BinOp::BitAnd: return bools ? Constant::py_bool(ca.b && cb.b) : int_result(a & b);
    case BinOp::BitOr: return bools ? Constant::py_bool(ca.b || cb.b) : int_result(a | b);
    case BinOp::BitXor: return bools ? Constant::py_bool(ca.b != cb.b) : int_result(a ^ b);
    case BinOp::MatMult: break;
    }
    throw Error("TypeError", fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", symbol(op),
                                         type_name(ca), type_name(cb)));
}

// Python's int(x) of a finite or infinite float.
PyInt float_to_int(double x) {
    if (std::isnan(x)) throw Error("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(x)) throw Error("OverflowError", "cannot convert float infinity to integer");
    return PyInt::from_double(x);
}

// x rounded to a multiple of 10^-ndigits, ties to even, as CPython's
// double_round does (correctly rounded through decimal digits), for finite x.
double float_round(double x, int64_t ndigits) {
    constexpr int64_t kMaxDigits = static_cast<int64_t>((DBL_MANT_DIG - DBL_MIN_EXP) * 0.30103);
    constexpr int64_t kMinDigits = -static_cast<int64_t>((DBL_MAX_EXP + 1) * 0.30103);
    if (ndigits > kMaxDigits) return x;
    if (ndigits < kMinDigits) return 0.0 * x;
    if (x == 0.0) return x;
    int exp;
    double m = std::frexp(std::fabs(x), &exp); // |x| = m * 2^exp, m in [0.5, 1)
    PyInt mant = PyInt::from_double(std::ldexp(m, DBL_MANT_DIG));
    int64_t e = exp - DBL_MANT_DIG; // |x| = mant * 2^e exactly
    // |x| * 10^ndigits = num / den
    PyInt num = mant, den = 1;
    if (e >= 0)
        num = num.shl(static_cast<uint64_t>(e));
    else
        den = den.shl(static_cast<uint64_t>(-e));
    PyInt scale = PyInt::pow(10, static_cast<uint64_t>(ndigits < 0 ? -ndigits : ndigits));
    if (ndigits >= 0)
        num = num * scale;
    else
        den = den * scale;
    PyInt q = PyInt::floor_div(num, den);
    PyInt twice_rem = PyInt::floor_mod(num, den).shl(1);
    if (twice_rem > den || (twice_rem == den && q.is_odd())) q = q + 1;
    std::optional<double> r = ndigits >= 0 ? PyInt::true_div(q, scale) : (q * scale).to_double();
    if (!r || std::isinf(*r)) throw Error("OverflowError", "rounded value too large to represent");
    return std::copysign(*r, x);
}

} // namespace

const char* type_name(const Constant& x) {
    switch (x.kind) {
    case Kind::PyBool: return "bool";
    case Kind::PyInt: return "int";
    case Kind::PyFloat: return "float";
    default: return "object";
    }
}

const char* symbol(BinOp op) {
    switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mult: return "*";
    case BinOp::MatMult: return "@";
    case BinOp::Div: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "** or pow()";
    case BinOp::LShift: return "<<";
    case BinOp::RShift: return ">>";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::BitAnd: return "&";
    }
    return "?";
}

Constant binary(BinOp op, const Constant& a, const Constant& b) {
    check_number(a);
    check_number(b);
    if (!is_float(a) && !is_float(b)) return int_binary(op, a, b);
    switch (op) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Mult:
    case BinOp::Div:
    case BinOp::FloorDiv:
    case BinOp::Mod:
    case BinOp::Pow: return float_binary(op, as_float(a), as_float(b));
    default:
        throw Error("TypeError", fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", symbol(op),
                                             type_name(a), type_name(b)));
    }
}

void complex_binary(BinOp op, bool divisor_is_zero_number) {
    switch (op) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Mult:
    case BinOp::Pow: throw ComplexResult();
    case BinOp::Div:
        if (divisor_is_zero_number) throw Error("ZeroDivisionError", "complex division by zero");
        throw ComplexResult();
    default:
        throw Error("TypeError", fmt::format("unsupported operand type(s) for {}: 'complex'", symbol(op)));
    }
}

Constant unary(UnaryOp op, const Constant& a) {
    check_number(a);
    switch (op) {
    case UnaryOp::Neg: return is_float(a) ? Constant::py_float(-a.f) : int_result(-a.i);
    case UnaryOp::Pos: return is_float(a) ? a : int_result(a.i);
    case UnaryOp::Not: return Constant::py_bool(!a.truthy());
    case UnaryOp::Invert:
        if (is_float(a)) throw Error("TypeError", "bad operand type for unary ~: 'float'");
        return int_result(~a.i);
    }
    throw NotModeled("unary operator");
}

bool compare(CmpOp op, const Constant& a, const Constant& b) {
    check_number(a);
    check_number(b);
    int c; // <0, 0, >0; unordered (NaN): only != holds
    if (is_float(a) && is_float(b)) {
        if (std::isnan(a.f) || std::isnan(b.f)) return op == CmpOp::NotEq;
        c = a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
    } else if (is_float(a) || is_float(b)) {
        double d = is_float(a) ? a.f : b.f;
        if (std::isnan(d)) return op == CmpOp::NotEq;
        c = is_float(a) ? -b.i.compare(d) : a.i.compare(d); // exact
    } else {
        auto o = a.i <=> b.i;
        c = o < 0 ? -1 : o > 0 ? 1 : 0;
    }
    switch (op) {
    case CmpOp::Eq: return c == 0;
    case CmpOp::NotEq: return c != 0;
    case CmpOp::Lt: return c < 0;
    case CmpOp::LtE: return c <= 0;
    case CmpOp::Gt: return c > 0;
    case CmpOp::GtE: return c >= 0;
    }
    return false;
}

Constant to_int(const Constant& x) {
    check_number(x);
    return int_result(is_float(x) ? float_to_int(x.f) : x.i);
}

Constant to_float(const Constant& x) {
    check_number(x);
    return Constant::py_float(as_float(x));
}

Constant abs(const Constant& x) {
    check_number(x);
    if (is_float(x)) return Constant::py_float(std::fabs(x.f));
    return int_result(x.i.sign() < 0 ? -x.i : x.i);
}

Constant round(const Constant& x) {
    check_number(x);
    if (!is_float(x)) return int_result(x.i);
    double r = std::round(x.f);
    if (std::fabs(x.f - r) == 0.5) r = 2.0 * std::round(x.f / 2.0); // ties to even
    return int_result(float_to_int(r));
}

Constant round(const Constant& x, const Constant& ndigits) {
    check_number(x);
    if (ndigits.kind == Kind::PyFloat)
        throw Error("TypeError", "'float' object cannot be interpreted as an integer");
    check_number(ndigits);
    // Python clamps ndigits to a Py_ssize_t.
    std::optional<int64_t> n = ndigits.i.to_int64();
    int64_t digits = n ? *n : (ndigits.i.sign() < 0 ? INT64_MIN : INT64_MAX);
    if (is_float(x)) return Constant::py_float(std::isfinite(x.f) ? float_round(x.f, digits) : x.f);
    if (digits >= 0) return int_result(x.i);
    // Round half to even to a multiple of 10^-digits.
    if (!n || static_cast<double>(-*n) * 3.33 > static_cast<double>(kMaxIntBits)) check_bits(kMaxIntBits + 1);
    PyInt scale = PyInt::pow(10, static_cast<uint64_t>(-digits));
    PyInt q = PyInt::floor_div(x.i, scale);
    PyInt twice_rem = PyInt::floor_mod(x.i, scale).shl(1);
    if (twice_rem > scale || (twice_rem == scale && q.is_odd())) q = q + 1;
    return int_result(q * scale);
}

std::pair<Constant, Constant> divmod(const Constant& a, const Constant& b) {
    check_number(a);
    check_number(b);
    if (!is_float(a) && !is_float(b)) return {binary(BinOp::FloorDiv, a, b), binary(BinOp::Mod, a, b)};
    double x = as_float(a), y = as_float(b);
    if (y == 0.0) throw Error("ZeroDivisionError", "float divmod()");
    auto [q, m] = float_div_mod(x, y);
    return {Constant::py_float(q), Constant::py_float(m)};
}

Constant pow(const Constant& a, const Constant& b, const Constant& modulus) {
    check_number(a);
    check_number(b);
    check_number(modulus);
    if (is_float(a) || is_float(b) || is_float(modulus))
        throw Error("TypeError", "pow() 3rd argument not allowed unless all arguments are integers");
    if (modulus.i.is_zero()) throw Error("ValueError", "pow() 3rd argument cannot be 0");
    PyInt m = modulus.i.sign() < 0 ? -modulus.i : modulus.i;
    PyInt base = PyInt::floor_mod(a.i, m), e = b.i;
    if (e.sign() < 0) {
        // The modular inverse, by the extended Euclidean algorithm.
        PyInt r0 = m, r1 = base, t0 = 0, t1 = 1;
        while (!r1.is_zero()) {
            PyInt q = PyInt::floor_div(r0, r1);
            std::tie(r0, r1) = std::pair{r1, r0 - q * r1};
            std::tie(t0, t1) = std::pair{t1, t0 - q * t1};
        }
        if (r0 != PyInt(1)) throw Error("ValueError", "base is not invertible for the given modulus");
        base = PyInt::floor_mod(t0, m);
        e = -e;
    }
    PyInt result = PyInt::floor_mod(1, m);
    for (uint64_t bit = e.bit_length(); bit-- > 0;) {
        result = PyInt::floor_mod(result * result, m);
        if (!(e.shr(bit) & PyInt(1)).is_zero()) result = PyInt::floor_mod(result * base, m);
    }
    if (modulus.i.sign() < 0 && !result.is_zero()) result = result - m;
    return int_result(result);
}

namespace {

void check_several(const std::vector<const Constant*>& xs) {
    if (xs.size() == 1)
        throw Error("TypeError", fmt::format("'{}' object is not iterable", type_name(*xs[0])));
}

} // namespace

const Constant& min(const std::vector<const Constant*>& xs) {
    check_several(xs);
    const Constant* best = xs.at(0);
    for (size_t k = 1; k < xs.size(); ++k)
        if (compare(CmpOp::Lt, *xs[k], *best)) best = xs[k];
    return *best;
}

const Constant& max(const std::vector<const Constant*>& xs) {
    check_several(xs);
    const Constant* best = xs.at(0);
    for (size_t k = 1; k < xs.size(); ++k)
        if (compare(CmpOp::Gt, *xs[k], *best)) best = xs[k];
    return *best;
}

} // namespace ws::python
