import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    f = lambda x: x
    a[i] = 1.0

# expect-error: 7:9: construct `ast.Lambda` is not supported in kernels
