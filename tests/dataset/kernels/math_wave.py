import warp as wp


@wp.kernel
def wave(t: float, x: wp.array(dtype=float), h: wp.array(dtype=float)):
    i = wp.tid()
    phase = x[i] * 3.25 + t
    h[i] = wp.sin(phase) * 0.5 + wp.cos(phase * 2.0) * 0.125
