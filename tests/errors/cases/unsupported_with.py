import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    with wp.ScopedDevice("cpu"):
        a[i] = 1.0

# expect-error: 7:5: construct `ast.With` is not supported in kernels
