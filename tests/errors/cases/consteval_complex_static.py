import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = wp.static(abs(1.0) + (-1.0) ** 0.5)

# expect-error: 6:14: error evaluating static expression: its value is a complex number, which kernels cannot
