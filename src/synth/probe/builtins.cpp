// Warp's pure builtins for the probe: scalar math, vectors, matrices,
// quaternions, transforms and spatial vectors, each one short function in a
// table under Warp's name. Precision follows the argument's type; the results
// need not match Warp's to the last bit, only move when Warp's move.
#include "synth/probe/machine.h"
#include "synth/probe/ops.h"

#include <array>
#include <cmath>
#include <unordered_map>

namespace ws::synth::probe {

namespace {

using Fn = Builtin;

void need(const Args& a, size_t n) {
    if (a.size() != n) throw Unsupported("a builtin's argument count");
}

// The first argument, failing as the checked access of a vector did (a kernel without one is
// not parsed, as before the arguments were a span).
const Value& first(const Args& a) {
    if (a.empty())
        throw std::out_of_range("vector::_M_range_check: __n (which is 0) >= this->size() (which is 0)");
    return a[0];
}

Type vec_t(Sc s, int n) {
    return {Kind::Vec, s, uint8_t(n), 0};
}

Value vec_of(Sc s, std::initializer_list<double> c) {
    Value r = make_zero(vec_t(s, int(c.size())));
    int k = 0;
    for (double x : c) r.c[size_t(k++)] = fit(s, x);
    return r;
}

// Always inline: in each builtin using it (dot, length, ...) it then knows its operands (one, for
// a length) and costs no call.
[[gnu::always_inline]] inline double dot(const Value& a, const Value& b) {
    if (a.t.size() != b.t.size() || a.t.kind == Kind::Scalar) throw Unsupported("dot of these types");
    const int n = a.t.size();
    const Sc sc = a.t.sc;
    double s = 0.0;
    // The frequent type, rounded inline as fit() rounds it (a 3-vector's terms unrolled).
    auto add_f32 = [&](size_t k) { s = double(float(s + double(float(a.c[k] * b.c[k])))); };
    if (sc == Sc::F32 && n == 3)
        add_f32(0), add_f32(1), add_f32(2);
    else if (sc == Sc::F32)
        for (int k = 0; k < n; ++k) add_f32(size_t(k));
    else
        for (int k = 0; k < n; ++k) s = fit(sc, s + fit(sc, a.c[size_t(k)] * b.c[size_t(k)]));
    return s;
}

Value scalar_of(const Value& like, double v) {
    return make_scalar(like.t.sc, v);
}

Value cross(const Value& a, const Value& b) {
    if (a.t.size() != 3 || b.t.size() != 3) throw Unsupported("cross of these types");
    return vec_of(a.t.sc, {a.c[1] * b.c[2] - a.c[2] * b.c[1], a.c[2] * b.c[0] - a.c[0] * b.c[2],
                           a.c[0] * b.c[1] - a.c[1] * b.c[0]});
}

Value normalize(const Value& v) {
    const double l = std::sqrt(dot(v, v));
    if (l <= 0.0) return make_zero(v.t);
    return map_float(v, [l](double x) { return x / l; });
}

Value transpose(const Value& m) {
    if (m.t.kind != Kind::Mat) throw Unsupported("transpose of a non-matrix");
    Value r = make_zero({Kind::Mat, m.t.sc, m.t.cols, m.t.rows});
    for (int i = 0; i < m.t.rows; ++i)
        for (int j = 0; j < m.t.cols; ++j) r.c[size_t(j * m.t.rows + i)] = m.c[size_t(i * m.t.cols + j)];
    return r;
}

// Rows or columns of a minor: a square matrix has at most four (16 components), so they are
// kept off the heap (the expansion below makes a list for every term).
struct Lines {
    std::array<int, 4> at{};
    int n = 0;
    void add(int k) { at[size_t(n++)] = k; }
    Lines without(int j) const { // all but the j-th
        Lines r;
        for (int k = 0; k < n; ++k)
            if (k != j) r.add(at[size_t(k)]);
        return r;
    }
};

// Laplace expansion along the first row of the n x n minor made of rows `rows` and columns `cols`.
double minor_det(const Value& m, const Lines& rows, const Lines& cols) {
    if (rows.n == 1) return m.c[size_t(rows.at[0] * m.t.cols + cols.at[0])];
    double det = 0.0;
    const Lines rest_rows = rows.without(0);
    for (int j = 0; j < cols.n; ++j) {
        const double term = m.c[size_t(rows.at[0] * m.t.cols + cols.at[size_t(j)])] *
                            minor_det(m, rest_rows, cols.without(j));
        det += j % 2 ? -term : term;
    }
    return det;
}

double determinant(const Value& m) {
    if (m.t.kind != Kind::Mat || m.t.rows != m.t.cols || m.t.rows > 4) throw Unsupported("determinant");
    Lines all;
    for (int k = 0; k < m.t.rows; ++k) all.add(k);
    return minor_det(m, all, all);
}

// The adjugate over the determinant (Warp returns zeros for a singular matrix).
Value inverse(const Value& m) {
    const double d = determinant(m);
    if (d == 0.0) return make_zero(m.t);
    const int n = m.t.rows;
    Value r = m;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            Lines rows, cols;
            for (int k = 0; k < n; ++k) {
                if (k != i) rows.add(k);
                if (k != j) cols.add(k);
            }
            const double cofactor = (i + j) % 2 ? -minor_det(m, rows, cols) : minor_det(m, rows, cols);
            r.c[size_t(j * n + i)] = fit(m.t.sc, cofactor / d);
        }
    return r;
}

Value quat_rotate(const Value& q, const Value& v, bool inverse_rotation) {
    const double s = inverse_rotation ? -1.0 : 1.0;
    const double qx = s * q.c[0], qy = s * q.c[1], qz = s * q.c[2], qw = q.c[3];
    const Value u = vec_of(q.t.sc, {qx, qy, qz});
    const Value t = map_float(cross(u, v), [](double x) { return 2.0 * x; });
    const Value ut = cross(u, t);
    return vec_of(q.t.sc, {v.c[0] + qw * t.c[0] + ut.c[0], v.c[1] + qw * t.c[1] + ut.c[1],
                           v.c[2] + qw * t.c[2] + ut.c[2]});
}

Value quat_to_matrix(const Value& q) {
    Value m = make_zero({Kind::Mat, q.t.sc, 3, 3});
    for (int j = 0; j < 3; ++j) {
        const Value col = quat_rotate(
            q, vec_of(q.t.sc, {j == 0 ? 1.0 : 0.0, j == 1 ? 1.0 : 0.0, j == 2 ? 1.0 : 0.0}), false);
        for (int i = 0; i < 3; ++i) m.c[size_t(i * 3 + j)] = col.c[size_t(i)];
    }
    return m;
}

Value quat_from_axis_angle(const Value& axis, const Value& angle) {
    const double h = angle.num() * 0.5, s = std::sin(h);
    Value q = make_zero({Kind::Quat, axis.t.sc, 4, 0});
    for (int k = 0; k < 3; ++k) q.c[size_t(k)] = fit(axis.t.sc, axis.c[size_t(k)] * s);
    q.c[3] = fit(axis.t.sc, std::cos(h));
    return q;
}

Value quat_inverse(const Value& q) {
    Value r = q;
    for (int k = 0; k < 3; ++k) r.c[size_t(k)] = -q.c[size_t(k)];
    return r;
}

Value quat_of(Sc s, double x, double y, double z, double w) {
    Value q = make_zero({Kind::Quat, s, 4, 0});
    q.c[0] = fit(s, x), q.c[1] = fit(s, y), q.c[2] = fit(s, z), q.c[3] = fit(s, w);
    return q;
}

// Warp's quat.h: roll about x, pitch about y, yaw about z.
Value quat_rpy(const Args& a) {
    need(a, 3);
    const double r = a[0].num() * 0.5, p = a[1].num() * 0.5, y = a[2].num() * 0.5;
    const double cy = std::cos(y), sy = std::sin(y), cr = std::cos(r), sr = std::sin(r), cp = std::cos(p),
                 sp = std::sin(p);
    return quat_of(a[0].t.sc, cy * sr * cp - sy * cr * sp, cy * cr * sp + sy * sr * cp,
                   sy * cr * cp - cy * sr * sp, cy * cr * cp + sy * sr * sp);
}

// Warp's quat.h: Shepperd's method, branch by branch.
Value quat_from_matrix(const Value& m) {
    if (m.t.kind != Kind::Mat || m.t.rows < 3 || m.t.rows != m.t.cols)
        throw Unsupported("quat_from_matrix of this type");
    auto at = [&](int i, int j) { return m.c[size_t(i * m.t.cols + j)]; };
    const double tr = at(0, 0) + at(1, 1) + at(2, 2);
    if (tr >= 0.0) {
        const double h = std::sqrt(tr + 1.0), k = 0.5 / h;
        return quat_of(m.t.sc, (at(2, 1) - at(1, 2)) * k, (at(0, 2) - at(2, 0)) * k,
                       (at(1, 0) - at(0, 1)) * k, 0.5 * h);
    }
    int d = at(1, 1) > at(0, 0) ? 1 : 0;
    if (at(2, 2) > at(d, d)) d = 2;
    const int e = (d + 1) % 3, f = (d + 2) % 3;
    const double h = std::sqrt((at(d, d) - (at(e, e) + at(f, f))) + 1.0), k = 0.5 / h;
    double q[4];
    q[d] = 0.5 * h, q[e] = (at(d, e) + at(e, d)) * k, q[f] = (at(f, d) + at(d, f)) * k,
    q[3] = (at(f, e) - at(e, f)) * k;
    return quat_of(m.t.sc, q[0], q[1], q[2], q[3]);
}

Value part(const Value& v, Kind k, int from, int n) {
    Value r = make_zero({k, v.t.sc, uint8_t(k == Kind::Quat ? 4 : n), 0});
    for (int i = 0; i < n; ++i) r.c[size_t(i)] = v.c[size_t(from + i)];
    return r;
}

Value make_transform(const Value& p, const Value& q) {
    Value t = make_zero({Kind::Transform, p.t.sc, 7, 0});
    for (int k = 0; k < 3; ++k) t.c[size_t(k)] = p.c[size_t(k)];
    for (int k = 0; k < 4; ++k) t.c[size_t(3 + k)] = q.c[size_t(k)];
    return t;
}

Value transform_point(const Value& t, const Value& p) {
    const Value r = quat_rotate(part(t, Kind::Quat, 3, 4), p, false);
    return vec_of(t.t.sc, {r.c[0] + t.c[0], r.c[1] + t.c[1], r.c[2] + t.c[2]});
}

Value transform_multiply(const Value& a, const Value& b) {
    const Value q = binop(ast::BinOpKind::Mult, part(a, Kind::Quat, 3, 4), part(b, Kind::Quat, 3, 4));
    return make_transform(transform_point(a, part(b, Kind::Vec, 0, 3)), q);
}

Value transform_inverse(const Value& t) {
    const Value qi = quat_inverse(part(t, Kind::Quat, 3, 4));
    const Value p = quat_rotate(qi, part(t, Kind::Vec, 0, 3), false);
    return make_transform(map_float(p, [](double x) { return -x; }), qi);
}

// Warp's quat.h: q0 times the rotation by t of the way from q0 to q1.
Value quat_slerp(const Args& a) {
    need(a, 3);
    const Value rel = binop(ast::BinOpKind::Mult, quat_inverse(a[0]), a[1]);
    const Value aa = call_with_outputs("quat_to_axis_angle", {rel});
    const Value angle = make_scalar(a[0].t.sc, a[2].num() * (*aa.items)[1].num());
    return binop(ast::BinOpKind::Mult, a[0], quat_from_axis_angle((*aa.items)[0], angle));
}

Value spatial_cross(const Args& a) {
    need(a, 2);
    const Value wa = part(a[0], Kind::Vec, 0, 3), va = part(a[0], Kind::Vec, 3, 3);
    const Value wb = part(a[1], Kind::Vec, 0, 3), vb = part(a[1], Kind::Vec, 3, 3);
    const Value w = cross(wa, wb);
    const Value v = binop(ast::BinOpKind::Add, cross(va, wb), cross(wa, vb));
    const Value* parts[2] = {&w, &v};
    return construct({Kind::Vec, a[0].t.sc, 6, 0}, Args(parts, 2));
}

bool is_f32_scalar(const Value& v) {
    return v.t.kind == Kind::Scalar && v.t.sc == Sc::F32;
}

[[gnu::noinline]] Value unary_math_general(const Args& a, double (*f)(double));

// map_float() of one argument: a float32 scalar (the frequent case) inline in each builtin's lambda,
// where `f` is then a direct call; any other argument in unary_math_general().
Value unary_math(const Args& a, double (*f)(double)) {
    if (a.size() == 1 && is_f32_scalar(a[0])) { // map_float's result, with no loop
        Value r = Value::like(a[0]);
        r.c[0] = double(float(f(a[0].c[0])));
        return r;
    }
    return unary_math_general(a, f);
}

Value unary_math_general(const Args& a, double (*f)(double)) {
    need(a, 1);
    const Value& x = a[0];
    if (x.t.kind == Kind::Scalar && !is_float(x.t.sc)) throw Unsupported("float math on an integer");
    return map_float(x, f);
}

[[gnu::noinline]] Value extreme_general(const Args& a, bool take_max);

// min or max: two float32 scalars (the frequent case) here, zip_float's result with no register
// saved; any other arguments in extreme_general().
Value extreme(const Args& a, bool take_max) {
    if (a.size() == 2 && is_f32_scalar(a[0]) && is_f32_scalar(a[1])) {
        const double x = a[0].c[0], y = a[1].c[0];
        return make_f32(take_max ? std::max(x, y) : std::min(x, y));
    }
    return extreme_general(a, take_max);
}

Value extreme_general(const Args& a, bool take_max) {
    if (a.size() == 1) {
        if (a[0].t.kind == Kind::Scalar) throw Unsupported("max of one scalar");
        double m = a[0].c[0];
        for (int k = 1; k < a[0].t.size(); ++k)
            m = take_max ? std::max(m, a[0].c[size_t(k)]) : std::min(m, a[0].c[size_t(k)]);
        return scalar_of(a[0], m);
    }
    need(a, 2);
    if (a[0].t.kind == Kind::Scalar && a[1].t.kind == Kind::Scalar && !is_float(a[0].t.sc) &&
        !is_float(a[1].t.sc))
        return make_int(a[0].t.sc, take_max ? std::max(a[0].i, a[1].i) : std::min(a[0].i, a[1].i));
    return zip_float(a[0], a[1],
                     [take_max](double x, double y) { return take_max ? std::max(x, y) : std::min(x, y); });
}

Value clamp(const Args& a) {
    need(a, 3);
    if (is_f32_scalar(a[0]) && is_f32_scalar(a[1]) && is_f32_scalar(a[2])) // zip_float's twice, inline
        return make_f32(std::min(double(float(std::max(a[0].c[0], a[1].c[0]))), a[2].c[0]));
    if (a[0].t.kind == Kind::Scalar && !is_float(a[0].t.sc))
        return make_int(a[0].t.sc, std::min(std::max(a[0].i, a[1].i), a[2].i));
    return zip_float(zip_float(a[0], a[1], [](double x, double lo) { return std::max(x, lo); }), a[2],
                     [](double x, double hi) { return std::min(x, hi); });
}

Value lerp(const Args& a) {
    need(a, 3);
    const double t = a[2].num();
    return zip_float(a[0], a[1], [t](double x, double y) { return x * (1.0 - t) + y * t; });
}

Value smoothstep(const Args& a) {
    need(a, 3);
    const double e0 = a[0].num(), e1 = a[1].num();
    const double t = std::min(std::max((a[2].num() - e0) / (e1 - e0), 0.0), 1.0);
    return scalar_of(a[2], t * t * (3.0 - 2.0 * t));
}

double warp_sign(double x) {
    return x < 0.0 ? -1.0 : 1.0;
}

double warp_round(double x) {
    return std::round(x);
}

double frac(double x) {
    return x - std::trunc(x);
}

double erf_(double x) {
    return std::erf(x);
}

Value scalar_test(const Args& a, bool (*f)(double)) {
    need(a, 1);
    bool r = false;
    for (int k = 0; k < std::max(1, a[0].t.size()); ++k) r = r || f(comp(a[0], k));
    return make_bool(r);
}

const std::unordered_map<std::string_view, Fn>& table() {
    static const std::unordered_map<std::string_view, Fn> t = {
        {"abs",
         [](const Args& a) {
             need(a, 1);
             if (a[0].t.kind == Kind::Scalar && !is_float(a[0].t.sc))
                 return make_int(a[0].t.sc, a[0].i < 0 ? -a[0].i : a[0].i);
             return map_float(a[0], [](double x) { return std::fabs(x); });
         }},
        {"sqrt", [](const Args& a) { return unary_math(a, std::sqrt); }},
        {"cbrt", [](const Args& a) { return unary_math(a, std::cbrt); }},
        {"exp", [](const Args& a) { return unary_math(a, std::exp); }},
        {"log", [](const Args& a) { return unary_math(a, std::log); }},
        {"log2", [](const Args& a) { return unary_math(a, std::log2); }},
        {"log10", [](const Args& a) { return unary_math(a, std::log10); }},
        {"sin", [](const Args& a) { return unary_math(a, std::sin); }},
        {"cos", [](const Args& a) { return unary_math(a, std::cos); }},
        {"tan", [](const Args& a) { return unary_math(a, std::tan); }},
        {"asin",
         [](const Args& a) {
             return unary_math(a, [](double x) { return std::asin(std::clamp(x, -1.0, 1.0)); });
         }},
        {"acos",
         [](const Args& a) {
             return unary_math(a, [](double x) { return std::acos(std::clamp(x, -1.0, 1.0)); });
         }},
        {"atan", [](const Args& a) { return unary_math(a, std::atan); }},
        {"sinh", [](const Args& a) { return unary_math(a, std::sinh); }},
        {"cosh", [](const Args& a) { return unary_math(a, std::cosh); }},
        {"tanh", [](const Args& a) { return unary_math(a, std::tanh); }},
        {"erf", [](const Args& a) { return unary_math(a, erf_); }},
        {"floor", [](const Args& a) { return unary_math(a, std::floor); }},
        {"ceil", [](const Args& a) { return unary_math(a, std::ceil); }},
        {"trunc", [](const Args& a) { return unary_math(a, std::trunc); }},
        {"round", [](const Args& a) { return unary_math(a, warp_round); }},
        {"rint", [](const Args& a) { return unary_math(a, std::nearbyint); }},
        {"frac", [](const Args& a) { return unary_math(a, frac); }},
        {"sign", [](const Args& a) { return unary_math(a, warp_sign); }},
        {"radians",
         [](const Args& a) { return unary_math(a, [](double x) { return x * 0.017453292519943295; }); }},
        {"degrees",
         [](const Args& a) { return unary_math(a, [](double x) { return x * 57.29577951308232; }); }},
        {"step", [](const Args& a) { return unary_math(a, [](double x) { return x < 0.0 ? 1.0 : 0.0; }); }},
        {"isnan", [](const Args& a) { return scalar_test(a, [](double x) { return std::isnan(x); }); }},
        {"isinf", [](const Args& a) { return scalar_test(a, [](double x) { return std::isinf(x); }); }},
        {"isfinite",
         [](const Args& a) {
             return make_bool(!truth(scalar_test(a, [](double x) { return !std::isfinite(x); })));
         }},
        {"max", [](const Args& a) { return extreme(a, true); }},
        {"min", [](const Args& a) { return extreme(a, false); }},
        {"clamp", clamp},
        {"lerp", lerp},
        {"smoothstep", smoothstep},
        {"pow",
         [](const Args& a) {
             need(a, 2);
             return zip_float(a[0], a[1], [](double x, double y) { return std::pow(x, y); });
         }},
        {"atan2",
         [](const Args& a) {
             need(a, 2);
             return zip_float(a[0], a[1], [](double y, double x) { return std::atan2(y, x); });
         }},
        {"mod",
         [](const Args& a) {
             need(a, 2);
             return binop(ast::BinOpKind::Mod, a[0], a[1]);
         }},
        {"where",
         [](const Args& a) {
             need(a, 3);
             return truth(a[0]) ? a[1] : a[2];
         }},
        {"select",
         [](const Args& a) {
             need(a, 3);
             return truth(a[0]) ? a[2] : a[1];
         }},
        {"dot",
         [](const Args& a) {
             need(a, 2);
             return scalar_of(a[0], dot(a[0], a[1]));
         }},
        {"cross",
         [](const Args& a) {
             need(a, 2);
             return cross(a[0], a[1]);
         }},
        {"length",
         [](const Args& a) {
             need(a, 1);
             return scalar_of(a[0], std::sqrt(dot(a[0], a[0])));
         }},
        {"length_sq",
         [](const Args& a) {
             need(a, 1);
             return scalar_of(a[0], dot(a[0], a[0]));
         }},
        {"normalize",
         [](const Args& a) {
             need(a, 1);
             return normalize(a[0]);
         }},
        {"cw_mul",
         [](const Args& a) {
             need(a, 2);
             return zip_float(a[0], a[1], [](double x, double y) { return x * y; });
         }},
        {"cw_div",
         [](const Args& a) {
             need(a, 2);
             return zip_float(a[0], a[1], [](double x, double y) { return x / y; });
         }},
        {"outer",
         [](const Args& a) {
             need(a, 2);
             Value m = make_zero({Kind::Mat, a[0].t.sc, uint8_t(a[0].t.size()), uint8_t(a[1].t.size())});
             for (int i = 0; i < a[0].t.size(); ++i)
                 for (int j = 0; j < a[1].t.size(); ++j)
                     m.c[size_t(i * a[1].t.size() + j)] =
                         fit(a[0].t.sc, a[0].c[size_t(i)] * a[1].c[size_t(j)]);
             return m;
         }},
        {"transpose",
         [](const Args& a) {
             need(a, 1);
             return transpose(a[0]);
         }},
        {"determinant",
         [](const Args& a) {
             need(a, 1);
             return scalar_of(a[0], determinant(a[0]));
         }},
        {"inverse",
         [](const Args& a) {
             need(a, 1);
             return inverse(a[0]);
         }},
        {"trace",
         [](const Args& a) {
             need(a, 1);
             double s = 0.0;
             for (int k = 0; k < a[0].t.rows; ++k) s += a[0].c[size_t(k * a[0].t.cols + k)];
             return scalar_of(a[0], s);
         }},
        {"ddot",
         [](const Args& a) {
             need(a, 2);
             return scalar_of(a[0], dot(a[0], a[1]));
         }},
        {"diag",
         [](const Args& a) {
             need(a, 1);
             const int n = a[0].t.size();
             Value m = make_zero({Kind::Mat, a[0].t.sc, uint8_t(n), uint8_t(n)});
             for (int k = 0; k < n; ++k) m.c[size_t(k * n + k)] = a[0].c[size_t(k)];
             return m;
         }},
        {"get_diag",
         [](const Args& a) {
             need(a, 1);
             Value v = make_zero(vec_t(a[0].t.sc, a[0].t.rows));
             for (int k = 0; k < a[0].t.rows; ++k) v.c[size_t(k)] = a[0].c[size_t(k * a[0].t.cols + k)];
             return v;
         }},
        {"skew",
         [](const Args& a) {
             need(a, 1);
             const auto& v = a[0].c;
             Value m = make_zero({Kind::Mat, a[0].t.sc, 3, 3});
             m.c = {0, -v[2], v[1], v[2], 0, -v[0], -v[1], v[0], 0};
             return m;
         }},
        {"matrix_from_rows",
         [](const Args& a) {
             Value m = make_zero({Kind::Mat, first(a).t.sc, uint8_t(a.size()), uint8_t(a[0].t.size())});
             for (size_t i = 0; i < a.size(); ++i)
                 for (int j = 0; j < a[0].t.size(); ++j)
                     m.c[i * size_t(a[0].t.size()) + size_t(j)] = a[i].c[size_t(j)];
             return m;
         }},
        {"matrix_from_cols",
         [](const Args& a) {
             Value m = make_zero({Kind::Mat, first(a).t.sc, uint8_t(a[0].t.size()), uint8_t(a.size())});
             for (size_t j = 0; j < a.size(); ++j)
                 for (int i = 0; i < a[0].t.size(); ++i) m.c[size_t(i) * a.size() + j] = a[j].c[size_t(i)];
             return m;
         }},
        {"quat_identity",
         [](const Args&) {
             return make_zero({Kind::Quat, Sc::F32, 4, 0});
         }},
        {"quat_from_axis_angle",
         [](const Args& a) {
             need(a, 2);
             return quat_from_axis_angle(a[0], a[1]);
         }},
        {"quat_rotate",
         [](const Args& a) {
             need(a, 2);
             return quat_rotate(a[0], a[1], false);
         }},
        {"quat_rotate_inv",
         [](const Args& a) {
             need(a, 2);
             return quat_rotate(a[0], a[1], true);
         }},
        {"quat_inverse",
         [](const Args& a) {
             need(a, 1);
             return quat_inverse(a[0]);
         }},
        {"quat_to_matrix",
         [](const Args& a) {
             need(a, 1);
             return quat_to_matrix(a[0]);
         }},
        {"quat_rpy", quat_rpy},
        {"quat_from_matrix",
         [](const Args& a) {
             need(a, 1);
             return quat_from_matrix(a[0]);
         }},
        {"quat_slerp", quat_slerp},
        {"spatial_cross", spatial_cross},
        {"transform_identity",
         [](const Args&) {
             return make_zero({Kind::Transform, Sc::F32, 7, 0});
         }},
        {"transform_point",
         [](const Args& a) {
             need(a, 2);
             return transform_point(a[0], a[1]);
         }},
        {"transform_vector",
         [](const Args& a) {
             need(a, 2);
             return quat_rotate(part(a[0], Kind::Quat, 3, 4), a[1], false);
         }},
        {"transform_get_translation",
         [](const Args& a) {
             need(a, 1);
             return part(a[0], Kind::Vec, 0, 3);
         }},
        {"transform_get_rotation",
         [](const Args& a) {
             need(a, 1);
             return part(a[0], Kind::Quat, 3, 4);
         }},
        {"transform_multiply",
         [](const Args& a) {
             need(a, 2);
             return transform_multiply(a[0], a[1]);
         }},
        {"transform_inverse",
         [](const Args& a) {
             need(a, 1);
             return transform_inverse(a[0]);
         }},
        {"spatial_top",
         [](const Args& a) {
             need(a, 1);
             return part(a[0], Kind::Vec, 0, 3);
         }},
        {"spatial_bottom",
         [](const Args& a) {
             need(a, 1);
             return part(a[0], Kind::Vec, 3, 3);
         }},
        {"spatial_dot",
         [](const Args& a) {
             need(a, 2);
             return scalar_of(a[0], dot(a[0], a[1]));
         }},
        {"bit_count",
         [](const Args& a) {
             need(a, 1);
             return make_int(
                 Sc::I32,
                 __builtin_popcountll(uint64_t(a[0].i) &
                                      (bits_of(a[0].t.sc) == 64 ? ~0ull : (1ull << bits_of(a[0].t.sc)) - 1)));
         }},
    };
    return t;
}

} // namespace

bool type_named(std::string_view name, Type& out) {
    static const std::unordered_map<std::string_view, Type> types = [] {
        std::unordered_map<std::string_view, Type> m = {
            {"float", {Kind::Scalar, Sc::F32}},
            {"int", {Kind::Scalar, Sc::I32}},
            {"bool", {Kind::Scalar, Sc::Bool}},
            {"float16", {Kind::Scalar, Sc::F16}},
            {"float32", {Kind::Scalar, Sc::F32}},
            {"float64", {Kind::Scalar, Sc::F64}},
            {"int8", {Kind::Scalar, Sc::I8}},
            {"uint8", {Kind::Scalar, Sc::U8}},
            {"int16", {Kind::Scalar, Sc::I16}},
            {"uint16", {Kind::Scalar, Sc::U16}},
            {"int32", {Kind::Scalar, Sc::I32}},
            {"uint32", {Kind::Scalar, Sc::U32}},
            {"int64", {Kind::Scalar, Sc::I64}},
            {"uint64", {Kind::Scalar, Sc::U64}},
            {"quat", {Kind::Quat, Sc::F32, 4, 0}},
            {"quatd", {Kind::Quat, Sc::F64, 4, 0}},
            {"quath", {Kind::Quat, Sc::F16, 4, 0}},
            {"transform", {Kind::Transform, Sc::F32, 7, 0}},
            {"transformd", {Kind::Transform, Sc::F64, 7, 0}},
            {"spatial_vector", {Kind::Vec, Sc::F32, 6, 0}},
            {"spatial_vectord", {Kind::Vec, Sc::F64, 6, 0}},
        };
        static const char* const vec_names[] = {"vec2", "vec3", "vec4"};
        static const char* const suffixed[3][5] = {{"vec2d", "vec2h", "vec2i", "vec2ui", "vec2f"},
                                                   {"vec3d", "vec3h", "vec3i", "vec3ui", "vec3f"},
                                                   {"vec4d", "vec4h", "vec4i", "vec4ui", "vec4f"}};
        const Sc suffix_sc[5] = {Sc::F64, Sc::F16, Sc::I32, Sc::U32, Sc::F32};
        static const char* const mat_names[3][3] = {
            {"mat22", "mat22d", "mat22h"}, {"mat33", "mat33d", "mat33h"}, {"mat44", "mat44d", "mat44h"}};
        const Sc mat_sc[3] = {Sc::F32, Sc::F64, Sc::F16};
        for (int n = 2; n <= 4; ++n) {
            m[vec_names[n - 2]] = vec_t(Sc::F32, n);
            for (int s = 0; s < 5; ++s) m[suffixed[n - 2][s]] = vec_t(suffix_sc[s], n);
            for (int s = 0; s < 3; ++s)
                m[mat_names[n - 2][s]] = {Kind::Mat, mat_sc[s], uint8_t(n), uint8_t(n)};
        }
        return m;
    }();
    auto it = types.find(name);
    if (it == types.end()) return false;
    out = it->second;
    return true;
}

bool wp_constant(std::string_view name, Value& out) {
    static const std::unordered_map<std::string_view, double> constants = {
        {"pi", M_PI},
        {"PI", M_PI},
        {"tau", 2 * M_PI},
        {"TAU", 2 * M_PI},
        {"e", M_E},
        {"E", M_E},
        {"half_pi", M_PI / 2},
        {"HALF_PI", M_PI / 2},
        {"ln2", M_LN2},
        {"LN2", M_LN2},
        {"ln10", M_LN10},
        {"LN10", M_LN10},
        {"log2e", M_LOG2E},
        {"LOG2E", M_LOG2E},
        {"log10e", M_LOG10E},
        {"LOG10E", M_LOG10E},
        {"phi", 1.618033988749895},
        {"PHI", 1.618033988749895},
    };
    auto it = constants.find(name);
    if (it == constants.end()) return false;
    out = make_scalar(Sc::F32, it->second);
    return true;
}

Builtin find_builtin(std::string_view name) {
    auto it = table().find(name);
    return it == table().end() ? nullptr : it->second;
}

Value call_builtin(std::string_view name, Args args) {
    const Builtin f = find_builtin(name);
    if (!f) throw Unsupported("wp." + std::string(name));
    return f(args);
}

} // namespace ws::synth::probe
