import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    return a[i]

# expect-error: 7:5: kernels cannot return values
