#include "types/constant.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <fmt/format.h>

namespace ws {

namespace {

// IEEE binary16 round trip (round to nearest, ties to even), as ctypes stores
// the components of a float16 vector.
double round_to_half(double v) {
    float f = static_cast<float>(v);
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint32_t sign = x & 0x80000000u;
    uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) return v; // inf or nan
    float af;
    std::memcpy(&af, &absx, 4);
    if (af >= 65520.0f) return std::copysign(INFINITY, v); // rounds past the largest half
    // Scale so that the half's least significant bit becomes 1, round, scale back.
    int exp;
    std::frexp(af, &exp);                  // af = m * 2^exp, m in [0.5, 1)
    int lsb_exp = std::max(exp - 11, -24); // 11 significant bits; subnormals below 2^-14
    double scaled = std::ldexp(static_cast<double>(af), -lsb_exp);
    double rounded = std::nearbyint(scaled); // default rounding mode: ties to even
    double result = std::ldexp(rounded, lsb_exp);
    return sign ? -result : result;
}

// The value ctypes keeps for a component of `type`.
Constant component_value(Scalar type, const Constant& from) {
    Constant c = Constant::warp_scalar(type, from);
    switch (type) {
    case Scalar::Float16: c.f = round_to_half(c.f); break;
    case Scalar::Float32: c.f = static_cast<double>(static_cast<float>(c.f)); break;
    case Scalar::Int8: c.i = static_cast<int8_t>(c.i); break;
    case Scalar::Int16: c.i = static_cast<int16_t>(c.i); break;
    case Scalar::Int32: c.i = static_cast<int32_t>(c.i); break;
    case Scalar::UInt8: c.i = static_cast<uint8_t>(c.i); break;
    case Scalar::UInt16: c.i = static_cast<uint16_t>(c.i); break;
    case Scalar::UInt32: c.i = static_cast<uint32_t>(c.i); break;
    case Scalar::UInt64:
        c.u = static_cast<uint64_t>(c.is_unsigned ? c.u : static_cast<uint64_t>(c.i));
        c.is_unsigned = true;
        break;
    default: break;
    }
    return c;
}

std::string int_str(const Constant& c) {
    return c.is_unsigned ? fmt::format("{}", c.u) : fmt::format("{}", c.i);
}

} // namespace

Constant Constant::py_bool(bool v) {
    Constant c;
    c.kind = Kind::PyBool;
    c.type = types::boolean();
    c.b = v;
    c.i = v ? 1 : 0;
    c.f = c.i;
    return c;
}

Constant Constant::py_int(int64_t v) {
    Constant c;
    c.kind = Kind::PyInt;
    c.type = types::int32();
    c.i = v;
    c.f = static_cast<double>(v);
    return c;
}

Constant Constant::py_uint(uint64_t v) {
    Constant c;
    c.kind = Kind::PyInt;
    c.type = types::int32();
    c.u = v;
    c.is_unsigned = true;
    c.i = static_cast<int64_t>(v);
    c.f = static_cast<double>(v);
    return c;
}

Constant Constant::py_float(double v) {
    Constant c;
    c.kind = Kind::PyFloat;
    c.type = types::float32();
    c.f = v;
    return c;
}

Constant Constant::warp_scalar(Scalar type, const Constant& from) {
    // Warp scalar instances keep the raw Python value they were made from.
    Constant c = from;
    c.raw_kind = from.kind == Kind::Scalar ? from.raw_kind : from.kind;
    c.kind = Kind::Scalar;
    c.type = types::scalar(type);
    c.components.clear();
    if (type == Scalar::Bool) c.b = from.truthy();
    return c;
}

bool Constant::truthy() const {
    switch (kind) {
    case Kind::PyBool: return b;
    case Kind::PyFloat: return f != 0.0;
    case Kind::Scalar:
        if (raw_kind == Kind::PyBool) return b;
        if (raw_kind == Kind::PyFloat) return f != 0.0;
        return is_unsigned ? u != 0 : i != 0;
    case Kind::PyInt: return is_unsigned ? u != 0 : i != 0;
    case Kind::Composite: return true;
    }
    return false;
}

double Constant::as_double() const {
    Kind k = kind == Kind::Scalar ? raw_kind : kind;
    if (k == Kind::PyFloat) return f;
    if (k == Kind::PyBool) return b ? 1.0 : 0.0;
    return is_unsigned ? static_cast<double>(u) : static_cast<double>(i);
}

int64_t Constant::as_int() const {
    Kind k = kind == Kind::Scalar ? raw_kind : kind;
    if (k == Kind::PyFloat) return static_cast<int64_t>(f);
    if (k == Kind::PyBool) return b ? 1 : 0;
    return is_unsigned ? static_cast<int64_t>(u) : i;
}

std::string python_float_repr(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0.0) return std::signbit(v) ? "-0.0" : "0.0";
    // Shortest round-trip digits, then Python's layout rules ('r' format).
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string_view sci(buf, res.ptr - buf); // e.g. "-1.2345e-07"
    bool neg = sci.front() == '-';
    if (neg) sci.remove_prefix(1);
    size_t epos = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, epos))
        if (c != '.') digits += c;
    int exp10 = 0;
    std::from_chars(sci.data() + epos + 1 + (sci[epos + 1] == '+'), sci.data() + sci.size(), exp10);
    int decpt = exp10 + 1; // value = 0.d1d2... * 10^decpt
    std::string out = neg ? "-" : "";
    if (decpt <= -4 || decpt > 16) {
        out += digits[0];
        if (digits.size() > 1) out += "." + digits.substr(1);
        out += fmt::format("e{}{:02d}", exp10 < 0 ? '-' : '+', std::abs(exp10));
    } else if (decpt <= 0) {
        out += "0." + std::string(-decpt, '0') + digits;
    } else if (static_cast<size_t>(decpt) >= digits.size()) {
        out += digits + std::string(decpt - digits.size(), '0') + ".0";
    } else {
        out += digits.substr(0, decpt) + "." + digits.substr(decpt);
    }
    return out;
}

std::string python_str(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool: return c.b ? "True" : "False";
    case Constant::Kind::PyInt: return int_str(c);
    case Constant::Kind::PyFloat: return python_float_repr(c.f);
    case Constant::Kind::Scalar:
        if (c.raw_kind == Constant::Kind::PyBool) return c.b ? "True" : "False";
        if (c.raw_kind == Constant::Kind::PyFloat) return python_float_repr(c.f);
        return int_str(c);
    case Constant::Kind::Composite: {
        std::string s = "[";
        for (size_t k = 0; k < c.components.size(); ++k) s += (k ? ", " : "") + python_str(c.components[k]);
        return s + "]";
    }
    }
    return "";
}

std::string constant_str(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool: return c.b ? "true" : "false";
    case Constant::Kind::PyInt: return int_str(c);
    case Constant::Kind::PyFloat:
        if (std::isinf(c.f)) return c.f > 0 ? "INFINITY" : "-INFINITY";
        if (std::isnan(c.f)) return "NAN";
        return python_float_repr(c.f);
    case Constant::Kind::Scalar: {
        Scalar s = c.type->scalar;
        if (s == Scalar::Bool) return c.truthy() ? "true" : "false";
        // The raw Python value is printed, whatever the Warp type.
        if (c.raw_kind == Constant::Kind::PyFloat) {
            if (std::isinf(c.f)) return c.f > 0 ? "INFINITY" : "-INFINITY";
            if (std::isnan(c.f)) return "NAN";
            return python_float_repr(c.f);
        }
        std::string text = c.raw_kind == Constant::Kind::PyBool ? (c.b ? "True" : "False") : int_str(c);
        if (s == Scalar::UInt64) return text + "ull";
        if (s == Scalar::Int64) return text + "ll";
        if (s == Scalar::UInt32) return text + "u";
        return text;
    }
    case Constant::Kind::Composite: {
        Scalar s = c.type->scalar;
        std::string items;
        for (size_t k = 0; k < c.components.size(); ++k) {
            Constant comp = component_value(s, c.components[k]);
            std::string text = is_float(s) ? python_float_repr(comp.f) : python_str(comp);
            for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            items += (k ? ", " : "") + text;
        }
        std::string dtype = s == Scalar::Bool ? "bool" : fmt::format("wp::{}", scalar_name(s));
        return fmt::format("wp::initializer_array<{},{}>{{{}}}", c.components.size(), dtype, items);
    }
    }
    return "";
}

} // namespace ws
