import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float))
    i = wp.tid()

# expect-error: 5:32: expected ':'
