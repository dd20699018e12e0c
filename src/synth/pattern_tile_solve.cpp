// Small dense solves, one problem per tile block: damped least squares (a Gauss-Newton or
// Levenberg-Marquardt step, ridge regression). The normal matrix J^T J + lambda I is symmetric
// positive definite by construction (lambda > 0), so tile_cholesky never meets a non-positive
// pivot whatever the inputs; the right-hand side is J^T r (one residual column or several targets).
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

void tile_solve(TileKernel& k) {
    Dice& d = k.dice;
    const int unknowns = d.below(2) ? 4 : 8, rows = unknowns * (d.below(2) ? 2 : 4);
    const std::string m = k.constant(pick(d, {"ROWS", "OBS", "M"}), rows), n = k.constant("N", unknowns);
    const int64_t batch = d.range(2, 8);
    const bool multi = d.below(3) == 0, triangular = d.below(3) == 0;
    const int targets = multi ? (d.below(2) ? 2 : 4) : 1;
    const std::string jac =
        k.array(pick(d, {"jacobians", "design", "features"}), k.real(), {batch * rows, unknowns}, -1.0, 1.0);
    const std::string r =
        multi ? k.array("targets", k.real(), {batch * rows, targets}, -1.0, 1.0)
              : k.array(pick(d, {"residuals", "r", "errors"}), k.real(), {batch * rows}, -1.0, 1.0);
    const std::string lambda = k.scalar(pick(d, {"damping", "lam", "ridge"}), 0.1, 1.0);
    const std::string x =
        multi ? k.array("coeffs", k.real(), {batch * unknowns, targets}, 0, 0, true)
              : k.array(pick(d, {"step", "delta", "x"}), k.real(), {batch * unknowns}, 0, 0, true);
    const std::string cols = multi ? k.constant("TARGETS", targets) : "";
    k.dim = {batch};
    k.line("i = wp.tid()");
    k.line(fmt::format("jac = wp.tile_load({}, shape=({}, {}), offset=(i * {}, 0))", jac, m, n, m));
    k.line("jt = wp.tile_transpose(jac)");
    k.line(fmt::format(
        "normal = wp.tile_diag_add(wp.tile_matmul(jt, jac), wp.tile_full(shape={}, value={}, dtype={}))", n,
        lambda, k.real()));
    if (multi) {
        k.line(fmt::format("rhs = wp.tile_matmul(jt, wp.tile_load({}, shape=({}, {}), offset=(i * {}, 0)))",
                           r, m, cols, m));
    } else {
        k.line(fmt::format("res = wp.tile_load({}, shape={}, offset=i * {})", r, m, m));
        k.line(fmt::format("rhs = wp.tile_matmul(jt, wp.tile_reshape(res, shape=({}, 1)))", m));
    }
    k.line("factor = wp.tile_cholesky(normal)");
    if (triangular) {
        k.line("z = wp.tile_lower_solve(factor, rhs)");
        k.line("sol = wp.tile_upper_solve(wp.tile_transpose(factor), z)");
    } else {
        k.line("sol = wp.tile_cholesky_solve(factor, rhs)");
    }
    if (multi)
        k.line(fmt::format("wp.tile_store({}, sol, offset=(i * {}, 0))", x, n));
    else
        k.line(fmt::format("wp.tile_store({}, wp.tile_reshape(sol, shape=({},)), offset=i * {})", x, n, n));
    k.name = multi ? pick(d, {"ridge_regression", "fit_ridge_batched", "batched_least_squares"})
                   : pick(d, {"damped_gauss_newton_step", "levenberg_marquardt_step", "ridge_solve"});
    k.description = fmt::format(
        "Solves {} damped least-squares problems, one per tile block: the normal matrix J^T J + {} I of a "
        "{}x{} block of {} is factored with tile_cholesky and {} gives {} = (J^T J + {} I)^-1 J^T {}.",
        batch, lambda, rows, unknowns, jac, triangular ? "two triangular solves" : "tile_cholesky_solve", x,
        lambda, r);
}

} // namespace ws::synth::tiles
