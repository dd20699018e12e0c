# Found by tools/fuzz: for a zero-initialized matrix of shape (0, 2) Warp declares
# mat_t<0, 2> but assigns mat_t<0, 0>(), C++ that does not compile; warpsynth refuses it.
import warp as wp


@wp.kernel
def zero_rows(out: wp.array(dtype=float)):
    m = wp.types.matrix(shape=(0, 2), dtype=wp.float32)
    out[0] = 1.0

# expect-error: 8:9: a matrix with zero rows and some columns is not supported
