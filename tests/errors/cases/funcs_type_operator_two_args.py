import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    x = 1.0
    out[0] = type(x, x)(2.0)

# expect-error: 7:14: type() operator expects exactly one argument, got 2
