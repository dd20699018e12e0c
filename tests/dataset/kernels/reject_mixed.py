import warp as wp


@wp.kernel
def mixed_types(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = x[i] * 0.5 + i
