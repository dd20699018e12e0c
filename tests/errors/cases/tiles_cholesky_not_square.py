# Warp rejects the Cholesky factorization of a tile that is not square.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 3))
    wp.tile_cholesky_inplace(t)

# expect-error: 8:5: tile_cholesky() argument must be square
