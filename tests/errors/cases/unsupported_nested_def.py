import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()

    def helper(x):
        return x

    a[i] = 1.0

# expect-error: 8:5: nested function definitions are not supported in kernels
