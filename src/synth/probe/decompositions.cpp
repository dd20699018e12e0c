// Warp's builtins that write through output arguments (`wp.svd3(A, U, sigma, V)`,
// `wp.eig3`, `wp.qr3`, `wp.quat_to_axis_angle`): each returns its outputs as a
// tuple, which the machine assigns to the variables named. The decompositions
// are textbook ones (Jacobi, Gram-Schmidt): they move with their input as
// Warp's do, which is all the probe asks of them.
#include "synth/probe/machine.h"
#include "synth/probe/ops.h"

#include <cmath>
#include <cstring>

namespace ws::synth::probe {

namespace {

using M3 = std::array<std::array<double, 3>, 3>;

M3 to_m3(const Value& m) {
    if (m.t.kind != Kind::Mat || m.t.rows != 3 || m.t.cols != 3)
        throw Unsupported("a 3x3 decomposition of this type");
    M3 r{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r[size_t(i)][size_t(j)] = m.c[size_t(i * 3 + j)];
    return r;
}

Value from_m3(const M3& a, Sc s) {
    Value r = make_zero({Kind::Mat, s, 3, 3});
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r.c[size_t(i * 3 + j)] = fit(s, a[size_t(i)][size_t(j)]);
    return r;
}

Value vec3(Sc s, double x, double y, double z) {
    Value r = make_zero({Kind::Vec, s, 3, 0});
    r.c[0] = fit(s, x), r.c[1] = fit(s, y), r.c[2] = fit(s, z);
    return r;
}

Value tuple(std::vector<Value> items) {
    Value r{};
    r.t.kind = Kind::Tuple;
    r.items = std::make_shared<std::vector<Value>>(std::move(items));
    return r;
}

// Cyclic Jacobi on a symmetric matrix: eigenvectors in the columns of `q`, eigenvalues in `d`.
void jacobi(M3 a, M3& q, std::array<double, 3>& d) {
    q = M3{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    for (int sweep = 0; sweep < 32; ++sweep) {
        // A sweep is a function of `a` and `q` alone: once one leaves both as they were, bit for bit
        // (its rotations then all round to nothing, most often by the 13th sweep), so does every
        // later one, and stopping gives the same result as running all 32.
        const M3 a_before = a, q_before = q;
        for (int p = 0; p < 2; ++p)
            for (int r = p + 1; r < 3; ++r) {
                const double apr = a[size_t(p)][size_t(r)];
                if (std::fabs(apr) < 1e-300) continue;
                const double theta = (a[size_t(r)][size_t(r)] - a[size_t(p)][size_t(p)]) / (2.0 * apr);
                const double t =
                    (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
                for (size_t k = 0; k < 3; ++k) {
                    const double akp = a[k][size_t(p)], akr = a[k][size_t(r)];
                    a[k][size_t(p)] = c * akp - s * akr, a[k][size_t(r)] = s * akp + c * akr;
                }
                for (size_t k = 0; k < 3; ++k) {
                    const double apk = a[size_t(p)][k], ark = a[size_t(r)][k];
                    a[size_t(p)][k] = c * apk - s * ark, a[size_t(r)][k] = s * apk + c * ark;
                }
                for (size_t k = 0; k < 3; ++k) {
                    const double qkp = q[k][size_t(p)], qkr = q[k][size_t(r)];
                    q[k][size_t(p)] = c * qkp - s * qkr, q[k][size_t(r)] = s * qkp + c * qkr;
                }
            }
        if (std::memcmp(&a, &a_before, sizeof a) == 0 && std::memcmp(&q, &q_before, sizeof q) == 0) break;
    }
    for (size_t k = 0; k < 3; ++k) d[k] = a[k][k];
}

Value eig3(const Value& m) {
    M3 q;
    std::array<double, 3> d;
    jacobi(to_m3(m), q, d);
    return tuple({from_m3(q, m.t.sc), vec3(m.t.sc, d[0], d[1], d[2])});
}

// A = U diag(sigma) V^T from the eigen-decomposition of A^T A.
Value svd3(const Value& m) {
    const M3 a = to_m3(m);
    M3 ata{}, v, u{};
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = 0; j < 3; ++j)
            for (size_t k = 0; k < 3; ++k) ata[i][j] += a[k][i] * a[k][j];
    std::array<double, 3> lam;
    jacobi(ata, v, lam);
    std::array<double, 3> sigma;
    for (size_t j = 0; j < 3; ++j) {
        sigma[j] = std::sqrt(std::max(lam[j], 0.0));
        for (size_t i = 0; i < 3; ++i) {
            double s = 0.0;
            for (size_t k = 0; k < 3; ++k) s += a[i][k] * v[k][j];
            u[i][j] = sigma[j] > 1e-12 ? s / sigma[j] : 0.0;
        }
    }
    return tuple({from_m3(u, m.t.sc), vec3(m.t.sc, sigma[0], sigma[1], sigma[2]), from_m3(v, m.t.sc)});
}

// A = Q R by Gram-Schmidt on the columns.
Value qr3(const Value& m) {
    const M3 a = to_m3(m);
    M3 q{}, r{};
    for (size_t j = 0; j < 3; ++j) {
        std::array<double, 3> col = {a[0][j], a[1][j], a[2][j]};
        for (size_t k = 0; k < j; ++k) {
            r[k][j] = q[0][k] * a[0][j] + q[1][k] * a[1][j] + q[2][k] * a[2][j];
            for (size_t i = 0; i < 3; ++i) col[i] -= r[k][j] * q[i][k];
        }
        r[j][j] = std::sqrt(col[0] * col[0] + col[1] * col[1] + col[2] * col[2]);
        for (size_t i = 0; i < 3; ++i) q[i][j] = r[j][j] > 1e-12 ? col[i] / r[j][j] : 0.0;
    }
    return tuple({from_m3(q, m.t.sc), from_m3(r, m.t.sc)});
}

// Warp's quat.h: the axis of the rotation (flipped with w < 0) and its angle.
Value quat_to_axis_angle(const Value& q) {
    if (q.t.kind != Kind::Quat) throw Unsupported("quat_to_axis_angle of a non-quaternion");
    const double len = std::sqrt(q.c[0] * q.c[0] + q.c[1] * q.c[1] + q.c[2] * q.c[2]);
    const double sign = q.c[3] < 0 ? -1.0 : 1.0, inv = len > 0 ? sign / len : 0.0;
    return tuple({vec3(q.t.sc, q.c[0] * inv, q.c[1] * inv, q.c[2] * inv),
                  make_scalar(q.t.sc, 2.0 * std::atan2(len, std::fabs(q.c[3])))});
}

} // namespace

int output_arguments(std::string_view name) {
    if (name == "svd3") return 3;
    if (name == "eig3" || name == "qr3" || name == "quat_to_axis_angle") return 2;
    return 0;
}

Value call_with_outputs(std::string_view name, const std::vector<Value>& inputs) {
    if (inputs.size() != 1) throw Unsupported("wp." + std::string(name) + "'s arguments");
    if (name == "svd3") return svd3(inputs[0]);
    if (name == "eig3") return eig3(inputs[0]);
    if (name == "qr3") return qr3(inputs[0]);
    return quat_to_axis_angle(inputs[0]);
}

} // namespace ws::synth::probe
