#include "synth/probe/ops.h"

#include <cmath>

namespace ws::synth::probe {

using ast::BinOpKind;

namespace {

bool is_int_scalar(const Value& v) {
    return v.t.kind == Kind::Scalar && !is_float(v.t.sc);
}

// C's integer operators at the width of `s` (unsigned arithmetic wraps; shifts and
// divisions follow Warp's native functions).
Value int_binop(BinOpKind op, Sc s, int64_t a, int64_t b) {
    const uint64_t ua = uint64_t(a), ub = uint64_t(b);
    switch (op) {
    case BinOpKind::Add: return make_int(s, int64_t(ua + ub));
    case BinOpKind::Sub: return make_int(s, int64_t(ua - ub));
    case BinOpKind::Mult: return make_int(s, int64_t(ua * ub));
    case BinOpKind::BitAnd: return make_int(s, a & b);
    case BinOpKind::BitOr: return make_int(s, a | b);
    case BinOpKind::BitXor: return make_int(s, a ^ b);
    case BinOpKind::LShift:
        if (b < 0 || b >= bits_of(s)) throw_unsupported("a shift past the width");
        return make_int(s, int64_t(ua << b));
    case BinOpKind::RShift:
        if (b < 0 || b >= bits_of(s)) throw_unsupported("a shift past the width");
        return make_int(s, is_signed(s) ? a >> b : int64_t(ua >> b));
    default: break;
    }
    if (b == 0) throw_unsupported("an integer division by zero");
    if (!is_signed(s)) {
        if (op == BinOpKind::Mod) return make_int(s, int64_t(ua % ub));
        if (op == BinOpKind::Div || op == BinOpKind::FloorDiv) return make_int(s, int64_t(ua / ub));
    } else {
        if (op == BinOpKind::Mod) return make_int(s, a % b);
        if (op == BinOpKind::Div) return make_int(s, a / b);
        if (op == BinOpKind::FloorDiv) return make_int(s, a / b - ((a % b != 0) && ((a < 0) != (b < 0))));
    }
    throw_unsupported("an integer operator");
}

double float_binop(BinOpKind op, double a, double b) {
    switch (op) {
    case BinOpKind::Add: return a + b;
    case BinOpKind::Sub: return a - b;
    case BinOpKind::Mult: return a * b;
    case BinOpKind::Div: return a / b;
    case BinOpKind::FloorDiv: return std::floor(a / b);
    case BinOpKind::Mod: return std::fmod(a, b);
    case BinOpKind::Pow: return std::pow(a, b);
    default: throw_unsupported("a float operator");
    }
}

Value scalar_binop(BinOpKind op, const Value& a, const Value& b) {
    if (is_int_scalar(a) && is_int_scalar(b)) {
        const Sc s = a.t.sc == Sc::Bool ? b.t.sc : a.t.sc;
        return int_binop(op, s, a.i, b.i);
    }
    const Sc s = is_float(a.t.sc) ? a.t.sc : b.t.sc;
    return make_scalar(s, float_binop(op, a.num(), b.num()));
}

// Row-major products: matrix x matrix, matrix x vector, vector x matrix.
Value mat_product(const Value& a, const Value& b) {
    const bool av = a.t.kind == Kind::Vec, bv = b.t.kind == Kind::Vec;
    const int n = av ? 1 : a.t.rows, k = av ? a.t.rows : a.t.cols;
    const int kb = bv ? b.t.rows : b.t.rows, m = bv ? 1 : b.t.cols;
    if (k != kb) throw_unsupported("matrix shapes");
    Value r;
    r.t = av || bv ? Type{Kind::Vec, a.t.sc, uint8_t(av ? m : n), 0}
                   : Type{Kind::Mat, a.t.sc, uint8_t(n), uint8_t(m)};
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            double s = 0.0;
            for (int q = 0; q < k; ++q)
                s = fit(a.t.sc, s + fit(a.t.sc, a.c[size_t(i * k + q)] * b.c[size_t(q * m + j)]));
            r.c[size_t(i * m + j)] = s;
        }
    return r;
}

Value quat_product(const Value& a, const Value& b) {
    const auto& p = a.c;
    const auto& q = b.c;
    Value r = Value::like(a);
    r.c[0] = p[3] * q[0] + q[3] * p[0] + p[1] * q[2] - p[2] * q[1];
    r.c[1] = p[3] * q[1] + q[3] * p[1] + p[2] * q[0] - p[0] * q[2];
    r.c[2] = p[3] * q[2] + q[3] * p[2] + p[0] * q[1] - p[1] * q[0];
    r.c[3] = p[3] * q[3] - (p[0] * q[0] + p[1] * q[1] + p[2] * q[2]);
    for (int k = 0; k < 4; ++k) r.c[size_t(k)] = fit(a.t.sc, r.c[size_t(k)]);
    return r;
}

// r[k] = f(x[k], y[k]) rounded to float32 for the n components of float32 vectors: a 3-vector,
// the most frequent, unrolled (no loop to count).
template <class F>
void f32_zip(double* r, const double* x, const double* y, int n, F f) {
    auto one = [&](int k) { r[k] = double(float(f(x[k], y[k]))); };
    if (n == 3) {
        one(0), one(1), one(2);
        return;
    }
    for (int k = 0; k < n; ++k) one(k);
}

// composite_binop() of float32 vectors of one type under + - (the most frequent composite
// operation): zip_float()'s result, each component rounded inline rather than by fit(). Always
// inline, as vec_f32_scale(): binop_composite() then makes the result with no further call.
[[gnu::always_inline]] inline Value vec_f32_add(BinOpKind op, const Value& a, const Value& b) {
    Value r = Value::like(a);
    if (op == BinOpKind::Add)
        f32_zip(r.c.data(), a.c.data(), b.c.data(), a.t.rows, [](double x, double y) { return x + y; });
    else
        f32_zip(r.c.data(), a.c.data(), b.c.data(), a.t.rows, [](double x, double y) { return x - y; });
    return r;
}

// The same of a float32 vector `v` and scalar `x` under * (the next most frequent), the operands
// in their order (`x_first`).
[[gnu::always_inline]] inline Value vec_f32_scale(const Value& v, double x, bool x_first) {
    Value r = Value::like(v);
    const double* c = v.c.data();
    if (x_first)
        f32_zip(r.c.data(), c, c, v.t.rows, [x](double, double y) { return x * y; });
    else
        f32_zip(r.c.data(), c, c, v.t.rows, [x](double y, double) { return y * x; });
    return r;
}

Value composite_binop(BinOpKind op, const Value& a, const Value& b) {
    if (a.t.sc == Sc::F32 && b.t.sc == Sc::F32) {
        if ((op == BinOpKind::Add || op == BinOpKind::Sub) && a.t.kind == Kind::Vec && a.t == b.t)
            return vec_f32_add(op, a, b);
        if (op == BinOpKind::Mult && a.t.kind == Kind::Vec && b.t.kind == Kind::Scalar)
            return vec_f32_scale(a, b.c[0], false);
        if (op == BinOpKind::Mult && a.t.kind == Kind::Scalar && b.t.kind == Kind::Vec)
            return vec_f32_scale(b, a.c[0], true);
    }
    const bool as = a.t.kind == Kind::Scalar, bs = b.t.kind == Kind::Scalar;
    if (op == BinOpKind::Add || op == BinOpKind::Sub) {
        if (as || bs || a.t.size() != b.t.size()) throw_unsupported("adding different shapes");
        return zip_float(a, b, [op](double x, double y) { return op == BinOpKind::Add ? x + y : x - y; });
    }
    if (op == BinOpKind::Mult || op == BinOpKind::MatMult) {
        if (as || bs) return zip_float(a, b, [](double x, double y) { return x * y; });
        if (a.t.kind == Kind::Quat && b.t.kind == Kind::Quat) return quat_product(a, b);
        if ((a.t.kind == Kind::Mat || b.t.kind == Kind::Mat) && a.t.kind != Kind::Quat &&
            b.t.kind != Kind::Quat)
            return mat_product(a, b);
        throw_unsupported("a product of these types");
    }
    if (op == BinOpKind::Div && (as || bs)) return zip_float(a, b, [](double x, double y) { return x / y; });
    if (op == BinOpKind::Mod && a.t.size() == b.t.size())
        return zip_float(a, b, [](double x, double y) { return std::fmod(x, y); });
    throw_unsupported("an operator on composites");
}

// int_binop() of + - * (wrapping as unsigned).
uint64_t i32_arith(BinOpKind op, uint64_t a, uint64_t b) {
    return op == BinOpKind::Add ? a + b : op == BinOpKind::Sub ? a - b : a * b;
}

// binop() of any other values than two float32 scalars under + - * / (out of line: see binop()).
[[gnu::noinline]] Value binop_general(BinOpKind op, const Value& a, const Value& b) {
    if (a.t.kind == Kind::Scalar && b.t.kind == Kind::Scalar) return scalar_binop(op, a, b);
    auto composite = [](Kind k) {
        return k == Kind::Vec || k == Kind::Mat || k == Kind::Quat || k == Kind::Scalar;
    };
    if (!composite(a.t.kind) || !composite(b.t.kind)) throw_unsupported("an operator on these types");
    return composite_binop(op, a, b);
}

// binop() of values not two scalars of one type: float32 vectors under + - and float32 vectors
// and scalars under * (the most frequent, as composite_binop() runs them) without
// binop_general()'s dispatch.
[[gnu::noinline]] Value binop_composite(BinOpKind op, const Value& a, const Value& b) {
    if (a.t.sc == Sc::F32 && b.t.sc == Sc::F32 && a.t.kind == Kind::Vec) {
        if ((op == BinOpKind::Add || op == BinOpKind::Sub) && a.t == b.t) return vec_f32_add(op, a, b);
        if (op == BinOpKind::Mult && b.t.kind == Kind::Scalar) return vec_f32_scale(a, b.c[0], false);
    }
    if (a.t.sc == Sc::F32 && b.t.sc == Sc::F32 && op == BinOpKind::Mult && a.t.kind == Kind::Scalar &&
        b.t.kind == Kind::Vec)
        return vec_f32_scale(b, a.c[0], true);
    return binop_general(op, a, b);
}

} // namespace

// Two float32 or float64 scalars under + - * /, the interpreter's most frequent operation, here
// with no call (and no register saved): the general operator's dispatch costs as much as the
// arithmetic. The same result as binop_general's: the double operation rounded to the type.
// Two integer scalars of one type go straight to int_binop() (as scalar_binop() would), int32
// under + - * (the most frequent) with no call either.
Value binop(BinOpKind op, const Value& a, const Value& b) {
    if (a.t.kind != Kind::Scalar || b.t.kind != Kind::Scalar || a.t.sc != b.t.sc)
        return binop_composite(op, a, b);
    const Sc s = a.t.sc;
    if (s != Sc::F32 && s != Sc::F64) {
        if (s == Sc::I32 && op <= BinOpKind::Mult) // + - * (the enum's first three): int_binop's, inline
            return make_int(s, int64_t(i32_arith(op, uint64_t(a.i), uint64_t(b.i))));
        return is_float(s) ? binop_general(op, a, b) : int_binop(op, s, a.i, b.i);
    }
    double r;
    switch (op) {
    case BinOpKind::Add: r = a.c[0] + b.c[0]; break;
    case BinOpKind::Sub: r = a.c[0] - b.c[0]; break;
    case BinOpKind::Mult: r = a.c[0] * b.c[0]; break;
    case BinOpKind::Div: r = a.c[0] / b.c[0]; break;
    default: return binop_general(op, a, b);
    }
    Value v;
    v.t = {Kind::Scalar, s};
    v.c[0] = s == Sc::F32 ? double(float(r)) : r;
    return v;
}

Value unop(ast::UnaryOpKind op, const Value& a) {
    switch (op) {
    case ast::UnaryOpKind::UAdd: return a;
    case ast::UnaryOpKind::Not: return make_bool(!truth(a));
    case ast::UnaryOpKind::Invert:
        if (!is_int_scalar(a)) throw_unsupported("~ on a non-integer");
        return make_int(a.t.sc, ~a.i);
    case ast::UnaryOpKind::USub:
        if (is_int_scalar(a)) return make_int(a.t.sc, int64_t(0ull - uint64_t(a.i)));
        if (a.t.kind == Kind::Transform || a.t.kind == Kind::Struct) throw_unsupported("negating this type");
        return map_float(a, [](double x) { return -x; });
    }
    throw_unsupported("a unary operator");
}

namespace {

// compare() of two numbers of one kind.
template <class T>
bool ordered(ast::CmpOpKind op, T x, T y) {
    using ast::CmpOpKind;
    switch (op) {
    case CmpOpKind::Eq: return x == y;
    case CmpOpKind::NotEq: return x != y;
    case CmpOpKind::Lt: return x < y;
    case CmpOpKind::LtE: return x <= y;
    case CmpOpKind::Gt: return x > y;
    case CmpOpKind::GtE: return x >= y;
    default: throw_unsupported("a comparison operator");
    }
}

} // namespace

bool compare(ast::CmpOpKind op, const Value& a, const Value& b) {
    using ast::CmpOpKind;
    // Two int32 or two float32 scalars, the most frequent, compared with no other test.
    if (a.t.kind == Kind::Scalar && b.t.kind == Kind::Scalar && a.t.sc == b.t.sc) {
        if (a.t.sc == Sc::I32) return ordered(op, a.i, b.i);
        if (a.t.sc == Sc::F32) return ordered(op, a.c[0], b.c[0]);
    }
    if (a.t.kind != Kind::Scalar || b.t.kind != Kind::Scalar) {
        if (op != CmpOpKind::Eq && op != CmpOpKind::NotEq) throw_unsupported("ordering composites");
        bool eq = a.t.size() == b.t.size();
        for (int k = 0; eq && k < a.t.size(); ++k) eq = a.c[size_t(k)] == b.c[size_t(k)];
        return op == CmpOpKind::Eq ? eq : !eq;
    }
    // Two integers exactly (as int64); any other pair as doubles.
    if (is_int_scalar(a) && is_int_scalar(b)) return ordered(op, a.i, b.i);
    return ordered(op, a.num(), b.num());
}

bool truth(const Value& v) {
    if (v.t.kind != Kind::Scalar) throw_unsupported("the truth of a composite");
    return is_float(v.t.sc) ? v.c[0] != 0.0 : v.i != 0;
}

static Value convert_composite(const Type& to, const Value& from);
static Value convert_components(const Type& to, const Value& from);

Value convert(const Type& to, const Value& from) {
    // What make_scalar() would make again. The frequent case, a parameter's annotated type.
    if (converts_to_itself(to, from)) return from;
    if (to.kind == Kind::Scalar) {
        if (from.t.kind != Kind::Scalar) throw_unsupported("a scalar from a composite");
        if (to.sc == Sc::Bool) return make_bool(truth(from));
        if (is_float(to.sc)) return make_scalar(to.sc, from.num());
        if (!is_float(from.t.sc)) return make_int(to.sc, from.i);
        return make_scalar(to.sc, std::trunc(from.num()));
    }
    return convert_composite(to, from);
}

// convert() to a composite, out of line: the scalar conversions, the most frequent, then save
// fewer registers.
[[gnu::noinline]] static Value convert_composite(const Type& to, const Value& from) {
    if (to.kind == Kind::Struct || to.kind == Kind::Transform) {
        if (from.t.kind == to.kind) return from;
        throw_unsupported("a struct or transform from one value");
    }
    return convert_components(to, from);
}

// convert_composite() to a vector, matrix or quaternion. Its one returned variable is made in the
// caller's result (a function returning other values too would copy it there).
static Value convert_components(const Type& to, const Value& from) {
    Value r; // every component is set below: no zeros first (make_zero())
    r.t = to;
    // The size and type read once: a store to `r.c` may alias `to` for the compiler.
    const int n = to.size();
    const Sc s = to.sc;
    if (from.t.kind == Kind::Scalar) {
        const double x = fit(s, from.num());
        for (int k = 0; k < n; ++k) r.c[size_t(k)] = x;
        return r;
    }
    if (from.t.size() != n) throw_unsupported("a composite from another shape");
    for (int k = 0; k < n; ++k) r.c[size_t(k)] = fit(s, from.c[size_t(k)]);
    return r;
}

// construct() of several arguments (one returned variable: see convert_components()).
static Value construct_components(const Type& to, Args args) {
    if (to.kind == Kind::Scalar || to.kind == Kind::Struct) throw_unsupported("a constructor's arguments");
    Value r; // every component is set below, or the constructor fails: no zeros first
    r.t = to;
    // The size and type read once (a store to `r.c` may alias them for the compiler); each
    // argument's components as comp() reads them, their count checked once.
    const int size = to.size();
    const Sc s = to.sc;
    int k = 0;
    for (size_t j = 0; j < args.size(); ++j) {
        const Value& a = args[j];
        if (a.t.kind == Kind::Scalar) {
            if (k + 1 > size) throw_unsupported("a constructor's arguments");
            r.c[size_t(k++)] = fit(s, a.num());
            continue;
        }
        const int n = a.t.size();
        if (n == 0 || k + n > size) throw_unsupported("a constructor's arguments");
        for (int q = 0; q < n; ++q) r.c[size_t(k++)] = fit(s, a.c[size_t(q)]);
    }
    if (k != size) throw_unsupported("a constructor's arguments");
    return r;
}

Value construct(const Type& to, Args args) {
    if (args.empty()) return make_zero(to);
    if (args.size() == 1) return convert(to, args[0]);
    return construct_components(to, args);
}

} // namespace ws::synth::probe
