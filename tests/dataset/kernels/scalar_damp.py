import warp as wp


@wp.func
def damp(v: float, k: float):
    return v * (1.0 - k) + 0.25 * k


@wp.kernel
def damp_values(v: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    s = damp(v[i], 0.5)
    out[i] = s * 1.5 - 0.125
