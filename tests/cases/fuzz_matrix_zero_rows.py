# Found by tools/fuzz: Warp sizes a zero-initialized matrix of shape (0, 2) as mat_t<0, 0>
# in one place and mat_t<0, 2> in another; warpsynth refuses it cleanly.
# expect-error: a matrix with zero rows and some columns is not supported
import warp as wp


@wp.kernel
def zero_rows(out: wp.array(dtype=float)):
    m = wp.types.matrix(shape=(0, 2), dtype=wp.float32)
    out[0] = 1.0
