#include "types/constant.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fmt/format.h>

namespace ws {

namespace {} // namespace

// IEEE binary16 round trip of a float (round to nearest, ties to even; inf and nan unchanged, a
// value past the largest half becomes an infinity): what _Float16(f) gives, which clang 14
// does not support on x86.
float round_to_half(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) return f; // inf or nan
    float af;
    std::memcpy(&af, &absx, 4);
    if (af >= 65520.0f) return std::copysign(INFINITY, f); // rounds past the largest half
    // Scale so that the half's least significant bit becomes 1, round, scale back.
    int exp;
    std::frexp(af, &exp);                  // af = m * 2^exp, m in [0.5, 1)
    int lsb_exp = std::max(exp - 11, -24); // 11 significant bits; subnormals below 2^-14
    double scaled = std::ldexp(static_cast<double>(af), -lsb_exp);
    double rounded = std::nearbyint(scaled); // default rounding mode: ties to even
    auto result = static_cast<float>(std::ldexp(rounded, lsb_exp));
    return (x & 0x80000000u) ? -result : result;
}

uint16_t bfloat16_bits(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    if ((bits & 0x7f800000u) == 0x7f800000u) { // inf or nan: truncated, a nan stays a nan
        auto h = static_cast<uint16_t>(bits >> 16);
        if ((bits & 0x007fffffu) != 0 && (h & 0x7f) == 0) h |= 0x40;
        return h;
    }
    bits += 0x7fffu + ((bits >> 16) & 1); // round to nearest, ties to even
    return static_cast<uint16_t>(bits >> 16);
}

float bfloat16_value(uint16_t bits) {
    uint32_t x = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

namespace {

// The value ctypes keeps for a component of `type`.
Constant component_value(Scalar type, const Constant& from) {
    Constant c = Constant::warp_scalar(type, from);
    if (is_float(type) && c.holds_int()) c.f = c.as_double();
    switch (type) {
    case Scalar::Float16: {
        const auto f = static_cast<float>(c.f);
        if (std::isfinite(f)) c.f = round_to_half(f);
        break;
    }
    case Scalar::BFloat16: c.f = bfloat16_value(bfloat16_bits(static_cast<float>(c.f))); break;
    case Scalar::Float32: c.f = static_cast<double>(static_cast<float>(c.f)); break;
    default:
        if (!is_float(type) && type != Scalar::Bool) c.i = ctypes_int(type, c.i);
        break;
    }
    return c;
}

} // namespace

Constant Constant::py_bool(bool v) {
    Constant c;
    c.kind = Kind::PyBool;
    c.type = types::boolean();
    c.b = v;
    c.i = v ? 1 : 0;
    return c;
}

Constant Constant::py_int(PyInt v) {
    Constant c;
    c.kind = Kind::PyInt;
    c.type = types::int32();
    c.i = std::move(v);
    return c;
}

Constant Constant::py_float(double v) {
    Constant c;
    c.kind = Kind::PyFloat;
    c.type = types::float32();
    c.f = v;
    return c;
}

Constant Constant::py_str(std::string v) {
    Constant c;
    c.kind = Kind::PyStr;
    c.type = types::str();
    c.s = std::move(v);
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

PyInt ctypes_int(Scalar type, const PyInt& v) {
    int bits = 0;
    bool is_signed = true;
    switch (type) {
    case Scalar::Int8: bits = 8; break;
    case Scalar::Int16: bits = 16; break;
    case Scalar::Int32: bits = 32; break;
    case Scalar::Int64: bits = 64; break;
    case Scalar::UInt8: bits = 8, is_signed = false; break;
    case Scalar::UInt16: bits = 16, is_signed = false; break;
    case Scalar::UInt32: bits = 32, is_signed = false; break;
    case Scalar::UInt64: bits = 64, is_signed = false; break;
    default: return v;
    }
    uint64_t u = v.low_u64();
    if (bits < 64) u &= (uint64_t{1} << bits) - 1;
    if (!is_signed) return PyInt::from_u64(u);
    if (bits < 64 && (u >> (bits - 1)) != 0) u |= ~uint64_t{0} << bits; // sign-extend
    return static_cast<int64_t>(u);
}

bool Constant::truthy() const {
    switch (value_kind()) {
    case Kind::PyBool: return b;
    case Kind::PyFloat: return f != 0.0;
    case Kind::PyInt: return !i.is_zero();
    case Kind::PyStr: return !s.empty();
    default: return true; // a composite
    }
}

std::optional<int64_t> Constant::as_int64() const {
    if (!holds_int()) return std::nullopt;
    return i.to_int64();
}

double Constant::as_double() const {
    switch (value_kind()) {
    case Kind::PyFloat: return f;
    case Kind::PyBool: return b ? 1.0 : 0.0;
    default: {
        std::optional<double> d = i.to_double();
        return d ? *d : (i.sign() < 0 ? -INFINITY : INFINITY);
    }
    }
}

std::string python_float_repr(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0.0) return std::signbit(v) ? "-0.0" : "0.0";
    // An integer below 2^53 (most float literals: 1.0, 2.0) is its own shortest round-trip
    // digits, printed as Python does below 1e16: the integer and ".0", without the search.
    if (std::fabs(v) < 0x1p53 && v == std::trunc(v)) {
        char out[24];
        char* p = std::to_chars(out, out + sizeof out - 2, static_cast<int64_t>(v)).ptr; // room for ".0"
        *p++ = '.';
        *p++ = '0';
        return std::string(out, static_cast<size_t>(p - out));
    }
    // Shortest round-trip digits, then Python's layout rules ('r' format), laid out in a
    // buffer: every float a kernel prints comes through here.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string_view sci(buf, res.ptr - buf); // e.g. "-1.2345e-07"
    bool neg = sci.front() == '-';
    if (neg) sci.remove_prefix(1);
    size_t epos = sci.find('e');
    char digits[32];
    size_t nd = 0;
    for (char c : sci.substr(0, epos))
        if (c != '.') digits[nd++] = c;
    int exp10 = 0;
    std::from_chars(sci.data() + epos + 1 + (sci[epos + 1] == '+'), sci.data() + sci.size(), exp10);
    int decpt = exp10 + 1; // value = 0.d1d2... * 10^decpt
    char out[64];
    char* p = out;
    auto put = [&p](const char* s, size_t n) { p = std::copy(s, s + n, p); };
    auto zeros = [&p](size_t n) { p = std::fill_n(p, n, '0'); };
    if (neg) *p++ = '-';
    if (decpt <= -4 || decpt > 16) {
        *p++ = digits[0];
        if (nd > 1) {
            *p++ = '.';
            put(digits + 1, nd - 1);
        }
        *p++ = 'e';
        *p++ = exp10 < 0 ? '-' : '+';
        int e = std::abs(exp10);
        if (e < 10) *p++ = '0';
        p = std::to_chars(p, out + sizeof out, e).ptr;
    } else if (decpt <= 0) {
        put("0.", 2);
        zeros(static_cast<size_t>(-decpt));
        put(digits, nd);
    } else if (static_cast<size_t>(decpt) >= nd) {
        put(digits, nd);
        zeros(static_cast<size_t>(decpt) - nd);
        put(".0", 2);
    } else {
        put(digits, static_cast<size_t>(decpt));
        *p++ = '.';
        put(digits + decpt, nd - static_cast<size_t>(decpt));
    }
    return std::string(out, static_cast<size_t>(p - out));
}

namespace {

// The next code point of UTF-8 text (the parser's, so well formed; lone surrogates
// are kept as three-byte sequences).
uint32_t next_code_point(std::string_view text, size_t& i) {
    const auto byte = [&](size_t k) { return static_cast<uint32_t>(static_cast<unsigned char>(text[k])); };
    const uint32_t b0 = byte(i);
    const int extra = b0 < 0x80 ? 0 : b0 < 0xE0 ? 1 : b0 < 0xF0 ? 2 : 3;
    uint32_t cp = extra == 0 ? b0 : b0 & (0x3Fu >> extra);
    for (int k = 1; k <= extra && i + size_t(k) < text.size(); ++k)
        cp = (cp << 6) | (byte(i + size_t(k)) & 0x3F);
    i += size_t(extra) + 1;
    return cp;
}

} // namespace

std::string python_unicode_escape(std::string_view utf8) {
    std::string out;
    for (size_t i = 0; i < utf8.size();) {
        const uint32_t cp = next_code_point(utf8, i);
        if (cp == '\\')
            out += "\\\\";
        else if (cp == '\t')
            out += "\\t";
        else if (cp == '\n')
            out += "\\n";
        else if (cp == '\r')
            out += "\\r";
        else if (cp >= 0x20 && cp < 0x7F)
            out += static_cast<char>(cp);
        else if (cp < 0x100)
            out += fmt::format("\\x{:02x}", cp);
        else if (cp < 0x10000)
            out += fmt::format("\\u{:04x}", cp);
        else
            out += fmt::format("\\U{:08x}", cp);
    }
    return out;
}

std::string python_str(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool: return c.b ? "True" : "False";
    case Constant::Kind::PyInt: return c.i.str();
    case Constant::Kind::PyFloat: return python_float_repr(c.f);
    case Constant::Kind::Scalar:
        if (c.raw_kind == Constant::Kind::PyBool) return c.b ? "True" : "False";
        if (c.raw_kind == Constant::Kind::PyFloat) return python_float_repr(c.f);
        return c.i.str();
    case Constant::Kind::PyStr: return c.s;
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
    case Constant::Kind::PyStr: return '"' + python_unicode_escape(c.s) + '"';
    case Constant::Kind::PyBool: return c.b ? "true" : "false";
    case Constant::Kind::PyInt: return c.i.str();
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
        std::string text = c.raw_kind == Constant::Kind::PyBool ? (c.b ? "True" : "False") : c.i.str();
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

std::optional<std::string> constant_str_error(const Constant& c, bool runtime_loaded) {
    constexpr uint64_t kMaxStrDigits = 4300; // sys.int_info.default_max_str_digits
    if (c.kind == Constant::Kind::Composite &&
        (c.type->scalar == Scalar::Float16 || c.type->scalar == Scalar::BFloat16) && !runtime_loaded)
        return "AttributeError: 'NoneType' object has no attribute 'core'";
    if (c.kind == Constant::Kind::PyInt && !c.i.to_double())
        return "OverflowError: int too large to convert to float";
    if (c.kind == Constant::Kind::Scalar && c.holds_int() && c.raw_kind == Constant::Kind::PyInt &&
        static_cast<double>(c.i.bit_length()) * 0.30103 > static_cast<double>(kMaxStrDigits) - 1) {
        std::string s = c.i.str();
        size_t digits = s.size() - (s[0] == '-' ? 1 : 0);
        if (digits > kMaxStrDigits)
            return fmt::format("ValueError: Exceeds the limit ({} digits) for integer string conversion; use "
                               "sys.set_int_max_str_digits() to increase the limit",
                               kMaxStrDigits);
    }
    return std::nullopt;
}

} // namespace ws
