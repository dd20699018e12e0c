# Found by tools/fuzz: dimensions given as integral floats and empty vectors are accepted
# by Warp as their integer values (next to the rejected fractional and negative ones).
import warp as wp


@wp.kernel
def float_dimensions(out: wp.array(dtype=float)):
    v = wp.types.vector(1.0, length=2.0, dtype=wp.float32)
    m = wp.types.matrix(1.0, shape=(2.0, 2), dtype=wp.float32)
    e = wp.types.vector(length=0, dtype=wp.float32)
    out[0] = v[1] + m[1, 1]
