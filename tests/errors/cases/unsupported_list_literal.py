import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    xs = [1.0, 2.0]
    a[i] = xs[0]

# expect-error: 7:10: list constructs are not supported in kernels; use vectors li
