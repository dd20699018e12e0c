import warp as wp


@wp.kernel
def scaled_sum(a: float, x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    s = a * x[i]
    t = y[i] * 2.0
    out[i] = s + t
