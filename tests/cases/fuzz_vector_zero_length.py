# Found by tools/fuzz: a vector of length 0 (next to the rejected negative lengths).
import warp as wp


@wp.kernel
def zero_length(out: wp.array(dtype=float)):
    v = wp.types.vector(1.0, length=2, dtype=wp.float32)
    e = wp.types.vector(length=0, dtype=wp.float32)
    out[0] = v[1]
