# Found by tools/fuzz: a negative matrix dimension is a Python error in Warp.
import warp as wp


@wp.kernel
def fill_negative_cols(out: wp.array(dtype=float)):
    m = wp.matrix(1.0, shape=(2, -1), dtype=wp.float32)
    out[0] = 1.0
