# Warp accepts only "lower" and "upper" as the fill mode of a Cholesky solve.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array(dtype=float)):
    L = wp.tile_load(a, shape=(4, 4))
    y = wp.tile_load(b, shape=4)
    wp.tile_cholesky_solve_inplace(L, y, fill_mode="full")

# expect-error: 9:5: tile_cholesky_solve() fill_mode must be "lower" or "upper"
