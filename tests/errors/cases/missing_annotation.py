import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), scale):
    i = wp.tid()
    a[i] = a[i] * scale

# expect-error: 5:33: incomplete argument annotations on function k: 'scale' has n
