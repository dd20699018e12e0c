# tile_diag_add: a regularized normal matrix (A + diag(d)) for a Cholesky solve, with a
# transposed operand (column-major strides) as in Warp's test_tile_cholesky, and vector dtype.
import warp as wp

N = 8


@wp.kernel
def regularize(a: wp.array2d(dtype=float), d: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(N, N))
    diag = wp.tile_load(d, shape=N)
    r = wp.tile_diag_add(t, diag)
    wp.tile_store(out, r)


@wp.kernel
def regularized_solve(
    a: wp.array2d(dtype=wp.float64), d: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
    x: wp.array(dtype=wp.float64)
):
    t = wp.tile_load(a, shape=(N, N), storage="shared")
    at = wp.tile_transpose(t)
    b = wp.tile_diag_add(at, wp.tile_load(d, shape=N))
    l = wp.tile_cholesky(b)
    rhs = wp.tile_load(y, shape=N)
    wp.tile_store(x, wp.tile_cholesky_solve(l, rhs))


@wp.kernel
def shift_vectors(a: wp.array2d(dtype=wp.vec3), d: wp.array(dtype=wp.vec3), out: wp.array2d(dtype=wp.vec3)):
    t = wp.tile_load(a, shape=(4, 4))
    wp.tile_store(out, wp.tile_diag_add(t, wp.tile_load(d, shape=4)))
