import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = wp.static(1 << (2 - 3))

# expect-error: 6:24: error evaluating static expression: Python raises ValueError: negative shift count
