import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    for j in range(3):
        a[i] = float(j)
    else:
        a[i] = 0.0

# expect-error: 7:5: for-else is not supported in kernels
