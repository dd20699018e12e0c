import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = undefined_value * 2.0

# expect-error: 7:12: referencing undefined symbol: undefined_value
