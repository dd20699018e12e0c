import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    a[i] = wp.max(*x)

# expect-error: 8:19: Starred expressions are only supported for arrays (with slice), vectors, quaternions, and matrices. Got float32.
