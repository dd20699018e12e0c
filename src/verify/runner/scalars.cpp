#include "verify/runner/scalars.h"

#include <cmath>
#include <limits>

namespace ws::verify::runner {

bool is_float(int scalar) {
    return scalar == WS_F16 || scalar == WS_BF16 || scalar == WS_F32 || scalar == WS_F64;
}

int scalar_size(int scalar) {
    switch (scalar) {
    case WS_I8:
    case WS_U8:
    case WS_BOOL: return 1;
    case WS_F16:
    case WS_BF16:
    case WS_I16:
    case WS_U16: return 2;
    case WS_F32:
    case WS_I32:
    case WS_U32: return 4;
    default: return 8;
    }
}

std::string_view scalar_name(int scalar) {
    switch (scalar) {
    case WS_F16: return "float16";
    case WS_BF16: return "bfloat16";
    case WS_F32: return "float32";
    case WS_F64: return "float64";
    case WS_I8: return "int8";
    case WS_U8: return "uint8";
    case WS_I16: return "int16";
    case WS_U16: return "uint16";
    case WS_I32: return "int32";
    case WS_U32: return "uint32";
    case WS_I64: return "int64";
    case WS_U64: return "uint64";
    case WS_BOOL: return "bool";
    default: return "?";
    }
}

double scalar_epsilon(int scalar) {
    switch (scalar) {
    case WS_F16: return 0x1p-10;
    case WS_BF16: return 0x1p-7;
    case WS_F32: return 0x1p-23;
    case WS_F64: return 0x1p-52;
    default: return 0.0;
    }
}

template <class T>
static T load_as(const void* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

template <class T>
static void store_as(void* p, T v) {
    std::memcpy(p, &v, sizeof(T));
}

double load_scalar(const void* p, int scalar) {
    switch (scalar) {
    case WS_F16: return half_to_float(load_as<uint16_t>(p));
    case WS_BF16: return bfloat16_to_float(load_as<uint16_t>(p));
    case WS_F32: return load_as<float>(p);
    case WS_F64: return load_as<double>(p);
    case WS_I8: return load_as<int8_t>(p);
    case WS_U8: return load_as<uint8_t>(p);
    case WS_I16: return load_as<int16_t>(p);
    case WS_U16: return load_as<uint16_t>(p);
    case WS_I32: return load_as<int32_t>(p);
    case WS_U32: return load_as<uint32_t>(p);
    case WS_I64: return double(load_as<int64_t>(p));
    case WS_U64: return double(load_as<uint64_t>(p));
    case WS_BOOL: return load_as<uint8_t>(p) ? 1.0 : 0.0;
    default: return 0.0;
    }
}

// Integers are rounded and saturated, so an out-of-range request never turns
// into undefined behaviour in the runner itself.
template <class T>
static T to_int(double v) {
    if (std::isnan(v)) return T(0);
    v = std::nearbyint(v);
    if (v <= double(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    if (v >= double(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return T(v);
}

void store_scalar(void* p, int scalar, double v) {
    switch (scalar) {
    case WS_F16: store_as<uint16_t>(p, float_to_half(float(v))); break;
    case WS_BF16: store_as<uint16_t>(p, float_to_bfloat16(float(v))); break;
    case WS_F32: store_as<float>(p, float(v)); break;
    case WS_F64: store_as<double>(p, v); break;
    case WS_I8: store_as<int8_t>(p, to_int<int8_t>(v)); break;
    case WS_U8: store_as<uint8_t>(p, to_int<uint8_t>(v)); break;
    case WS_I16: store_as<int16_t>(p, to_int<int16_t>(v)); break;
    case WS_U16: store_as<uint16_t>(p, to_int<uint16_t>(v)); break;
    case WS_I32: store_as<int32_t>(p, to_int<int32_t>(v)); break;
    case WS_U32: store_as<uint32_t>(p, to_int<uint32_t>(v)); break;
    case WS_I64: store_as<int64_t>(p, to_int<int64_t>(v)); break;
    case WS_U64: store_as<uint64_t>(p, to_int<uint64_t>(v)); break;
    case WS_BOOL: store_as<uint8_t>(p, v != 0.0 ? 1 : 0); break;
    default: break;
    }
}

uint16_t float_to_half(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xffu;
    uint32_t mant = x & 0x7fffffu;
    if (exp == 0xffu) return uint16_t(sign | 0x7c00u | (mant ? 0x200u : 0u)); // inf / nan
    int e = int(exp) - 127 + 15;
    if (e >= 31) return uint16_t(sign | 0x7c00u); // overflow to inf
    if (e <= 0) {
        // Subnormal half (or zero): shift the implicit bit in and round.
        if (e < -10) return uint16_t(sign);
        mant |= 0x800000u;
        int shift = 14 - e;
        uint32_t half_mant = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1u);
        uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half_mant & 1u))) ++half_mant;
        return uint16_t(sign | half_mant);
    }
    uint32_t half_mant = mant >> 13;
    uint32_t rem = mant & 0x1fffu;
    uint32_t h = sign | (uint32_t(e) << 10) | half_mant;
    if (rem > 0x1000u || (rem == 0x1000u && (half_mant & 1u))) ++h; // may carry into the exponent: correct
    return uint16_t(h);
}

float half_to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t x;
    if (exp == 0) {
        if (mant == 0) {
            x = sign;
        } else {
            // Normalise the subnormal.
            int e = -1;
            do {
                mant <<= 1;
                ++e;
            } while (!(mant & 0x400u));
            x = sign | (uint32_t(127 - 15 - e) << 23) | ((mant & 0x3ffu) << 13);
        }
    } else if (exp == 31) {
        x = sign | 0x7f800000u | (mant << 13);
    } else {
        x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

uint16_t float_to_bfloat16(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    if ((x & 0x7f800000u) == 0x7f800000u) { // inf or nan: truncated, a nan stays a nan
        auto h = uint16_t(x >> 16);
        if ((x & 0x7fffffu) != 0 && (h & 0x7fu) == 0) h = uint16_t(h | 0x40u);
        return h;
    }
    x += 0x7fffu + ((x >> 16) & 1u); // round to nearest even
    return uint16_t(x >> 16);
}

float bfloat16_to_float(uint16_t h) {
    uint32_t x = uint32_t(h) << 16;
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

} // namespace ws::verify::runner
