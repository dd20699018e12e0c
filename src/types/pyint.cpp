#include "types/pyint.h"

#include <cfloat>
#include <cmath>
#include <gmp.h>

namespace ws {

struct PyInt::Big {
    mpz_t z;
    Big() { mpz_init(z); }
    ~Big() { mpz_clear(z); }
    Big(const Big&) = delete;
    Big& operator=(const Big&) = delete;
};

namespace {

// A temporary GMP integer.
struct Mpz {
    mpz_t z;
    Mpz() { mpz_init(z); }
    ~Mpz() { mpz_clear(z); }
    Mpz(const Mpz&) = delete;
    Mpz& operator=(const Mpz&) = delete;
    operator mpz_ptr() { return z; }
};

static_assert(sizeof(long) == 8, "GMP's si/ui functions must take 64-bit values");

} // namespace

// Moves values between PyInt and GMP.
struct PyIntAccess {
    static void get(const PyInt& v, mpz_ptr out) {
        if (v.big_)
            mpz_set(out, v.big_->z);
        else
            mpz_set_si(out, v.small_);
    }
    // A read-only view of v as a GMP integer, valid while `v` and `tmp` live.
    static mpz_srcptr view(const PyInt& v, Mpz& tmp) {
        if (v.big_) return v.big_->z;
        mpz_set_si(tmp, v.small_);
        return tmp.z;
    }
    // Takes the value of `z` (which is left undefined).
    static PyInt take(mpz_ptr z) {
        if (mpz_fits_slong_p(z)) return PyInt(static_cast<int64_t>(mpz_get_si(z)));
        auto big = std::make_shared<PyInt::Big>();
        mpz_swap(big->z, z);
        return PyInt(std::shared_ptr<const PyInt::Big>(std::move(big)));
    }
    static const PyInt::Big* big(const PyInt& v) { return v.big_.get(); }
    static int64_t small(const PyInt& v) { return v.small_; }
};

namespace {

using A = PyIntAccess;

// a <op> b through GMP.
template <typename Op>
PyInt gmp_binary(const PyInt& a, const PyInt& b, Op op) {
    Mpz ta, tb, r;
    op(r.z, A::view(a, ta), A::view(b, tb));
    return A::take(r);
}

template <typename Op>
PyInt gmp_unary(const PyInt& a, Op op) {
    Mpz ta, r;
    op(r.z, A::view(a, ta));
    return A::take(r);
}

} // namespace

PyInt PyInt::from_u64(uint64_t v) {
    if (v <= static_cast<uint64_t>(INT64_MAX)) return PyInt(static_cast<int64_t>(v));
    Mpz z;
    mpz_set_ui(z, v);
    return A::take(z);
}

std::optional<PyInt> PyInt::parse(std::string_view literal) {
    int base = 10;
    std::string_view body = literal;
    if (body.size() > 1 && body[0] == '0') {
        char p = static_cast<char>(body[1] | 0x20);
        base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
        if (base != 10) body.remove_prefix(2);
    }
    std::string digits;
    for (char c : body)
        if (c != '_') digits += c;
    if (digits.empty()) return std::nullopt;
    Mpz z;
    if (mpz_set_str(z, digits.c_str(), base) != 0) return std::nullopt;
    return A::take(z);
}

PyInt PyInt::from_double(double v) {
    if (std::fabs(v) < 9.2e18) return PyInt(static_cast<int64_t>(v));
    Mpz z;
    mpz_set_d(z, v); // truncates, exactly
    return A::take(z);
}

std::optional<int64_t> PyInt::to_int64() const {
    if (big_) return std::nullopt;
    return small_;
}

uint64_t PyInt::low_u64() const {
    if (!big_) return static_cast<uint64_t>(small_);
    Mpz r;
    mpz_fdiv_r_2exp(r, big_->z, 64); // in [0, 2^64)
    return mpz_get_ui(r);
}

int PyInt::sign() const {
    if (big_) return mpz_sgn(big_->z);
    return small_ > 0 ? 1 : small_ < 0 ? -1 : 0;
}

bool PyInt::is_odd() const {
    if (big_) return mpz_odd_p(big_->z);
    return (small_ & 1) != 0;
}

uint64_t PyInt::bit_length() const {
    if (big_) return mpz_sizeinbase(big_->z, 2);
    uint64_t m = small_ < 0 ? 0 - static_cast<uint64_t>(small_) : static_cast<uint64_t>(small_);
    return m == 0 ? 0 : 64 - static_cast<uint64_t>(__builtin_clzll(m));
}

std::string PyInt::str() const {
    if (!big_) return std::to_string(small_);
    std::string s(mpz_sizeinbase(big_->z, 10) + 2, '\0');
    mpz_get_str(s.data(), 10, big_->z);
    s.resize(std::char_traits<char>::length(s.c_str()));
    return s;
}

std::optional<double> PyInt::to_double() const {
    // The hardware rounds an int64 correctly; past it, keep the top 55 bits
    // plus a sticky bit for the ones below, and round to 53 bits, ties to even.
    if (!big_) return static_cast<double>(small_);
    uint64_t bits = bit_length();
    if (bits > DBL_MAX_EXP) return std::nullopt;
    Mpz t, m;
    mpz_abs(m, A::view(*this, t));
    uint64_t shift = bits - (DBL_MANT_DIG + 2);
    bool inexact = mpz_scan1(m, 0) < shift;
    mpz_tdiv_q_2exp(m, m, shift);
    uint64_t q = mpz_get_ui(m) | (inexact ? 1 : 0);
    if ((q & 2) && (q & 5)) q += 2;
    q &= ~uint64_t{3};
    double d = std::ldexp(static_cast<double>(q), static_cast<int>(shift));
    if (std::isinf(d)) return std::nullopt;
    return sign() < 0 ? -d : d;
}

int PyInt::compare(double d) const {
    Mpz t;
    int c = mpz_cmp_d(A::view(*this, t), d); // exact, infinities included
    return c > 0 ? 1 : c < 0 ? -1 : 0;
}

PyInt operator+(const PyInt& a, const PyInt& b) {
    int64_t r;
    if (a.fits_int64() && b.fits_int64() && !__builtin_add_overflow(A::small(a), A::small(b), &r)) return r;
    return gmp_binary(a, b, mpz_add);
}

PyInt operator-(const PyInt& a, const PyInt& b) {
    int64_t r;
    if (a.fits_int64() && b.fits_int64() && !__builtin_sub_overflow(A::small(a), A::small(b), &r)) return r;
    return gmp_binary(a, b, mpz_sub);
}

PyInt operator*(const PyInt& a, const PyInt& b) {
    int64_t r;
    if (a.fits_int64() && b.fits_int64() && !__builtin_mul_overflow(A::small(a), A::small(b), &r)) return r;
    return gmp_binary(a, b, mpz_mul);
}

PyInt operator-(const PyInt& a) {
    if (a.fits_int64() && A::small(a) != INT64_MIN) return -A::small(a);
    return gmp_unary(a, mpz_neg);
}

PyInt operator~(const PyInt& a) {
    if (a.fits_int64()) return ~A::small(a);
    return gmp_unary(a, mpz_com);
}

PyInt operator&(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64()) return A::small(a) & A::small(b);
    return gmp_binary(a, b, mpz_and);
}

PyInt operator|(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64()) return A::small(a) | A::small(b);
    return gmp_binary(a, b, mpz_ior);
}

PyInt operator^(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64()) return A::small(a) ^ A::small(b);
    return gmp_binary(a, b, mpz_xor);
}

PyInt PyInt::shl(uint64_t count) const {
    if (!big_ && count < 63) {
        int64_t r = static_cast<int64_t>(static_cast<uint64_t>(small_) << count);
        if ((r >> count) == small_) return r;
    }
    Mpz t, r;
    mpz_mul_2exp(r, A::view(*this, t), count);
    return A::take(r);
}

PyInt PyInt::shr(uint64_t count) const {
    if (!big_) return count >= 63 ? (small_ < 0 ? -1 : 0) : small_ >> count; // arithmetic shift floors
    Mpz r;
    mpz_fdiv_q_2exp(r, big_->z, count);
    return A::take(r);
}

PyInt PyInt::floor_div(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64() && !(A::small(a) == INT64_MIN && A::small(b) == -1)) {
        int64_t x = A::small(a), y = A::small(b), q = x / y;
        if (x % y != 0 && ((x < 0) != (y < 0))) --q;
        return q;
    }
    return gmp_binary(a, b, mpz_fdiv_q);
}

PyInt PyInt::floor_mod(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64() && A::small(b) != -1) {
        int64_t x = A::small(a), y = A::small(b), m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return m;
    }
    if (b == PyInt(-1)) return 0;
    return gmp_binary(a, b, mpz_fdiv_r);
}

PyInt PyInt::pow(const PyInt& base, uint64_t exponent) {
    Mpz t, r;
    mpz_pow_ui(r, A::view(base, t), exponent);
    return A::take(r);
}

std::optional<double> PyInt::true_div(const PyInt& a, const PyInt& b) {
    bool negate = (a.sign() < 0) != (b.sign() < 0);
    if (a.is_zero()) return negate ? -0.0 : 0.0;
    // Both exactly representable: one IEEE division is correctly rounded.
    if (a.bit_length() <= DBL_MANT_DIG && b.bit_length() <= DBL_MANT_DIG)
        return static_cast<double>(A::small(a)) / static_cast<double>(A::small(b));
    // Else, as CPython does: a quotient with DBL_MANT_DIG + 2 or + 3 bits (fewer
    // for subnormal results), a sticky bit for what was lost, then round half even.
    int64_t diff = static_cast<int64_t>(a.bit_length()) - static_cast<int64_t>(b.bit_length());
    if (diff > DBL_MAX_EXP) return std::nullopt;
    if (diff < DBL_MIN_EXP - DBL_MANT_DIG - 1) return negate ? -0.0 : 0.0;
    int64_t shift = std::max<int64_t>(diff, DBL_MIN_EXP) - DBL_MANT_DIG - 2;
    Mpz ta, tb, x, d, rem;
    mpz_abs(x, A::view(a, ta));
    mpz_abs(d, A::view(b, tb));
    bool inexact = false;
    if (shift <= 0) {
        mpz_mul_2exp(x, x, static_cast<uint64_t>(-shift));
    } else {
        inexact = mpz_scan1(x, 0) < static_cast<uint64_t>(shift);
        mpz_tdiv_q_2exp(x, x, static_cast<uint64_t>(shift));
    }
    mpz_tdiv_qr(x, rem, x, d);
    inexact = inexact || mpz_sgn(rem.z) != 0;
    int64_t x_bits = static_cast<int64_t>(mpz_sizeinbase(x, 2));
    int64_t extra_bits = std::max<int64_t>(x_bits, DBL_MIN_EXP - shift) - DBL_MANT_DIG;
    uint64_t mask = uint64_t{1} << (extra_bits - 1);
    uint64_t q = mpz_get_ui(x) | (inexact ? 1 : 0); // x < 2^57; the sticky bit is below `mask`
    if ((q & mask) && (q & (3 * mask - 1))) q += mask;
    q &= ~(2 * mask - 1);
    double dx = static_cast<double>(q); // exact: at most 54 significant bits
    if (shift + x_bits >= DBL_MAX_EXP && (shift + x_bits > DBL_MAX_EXP || dx == std::ldexp(1.0, x_bits)))
        return std::nullopt;
    double r = std::ldexp(dx, static_cast<int>(shift));
    return negate ? -r : r;
}

bool operator==(const PyInt& a, const PyInt& b) {
    return (a <=> b) == 0;
}

std::strong_ordering operator<=>(const PyInt& a, const PyInt& b) {
    if (a.fits_int64() && b.fits_int64()) return A::small(a) <=> A::small(b);
    Mpz ta, tb;
    int c = mpz_cmp(A::view(a, ta), A::view(b, tb));
    return c <=> 0;
}

} // namespace ws
