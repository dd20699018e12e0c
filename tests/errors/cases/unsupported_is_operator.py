import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: int):
    i = wp.tid()
    if b is 0:
        a[i] = 1.0

# expect-error: 7:8: comparison operator `Is` is not supported in kernels
