import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 1.5e

# expect-error: 7:14: invalid decimal literal
