import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.clamp(a[i], 0.0)

# expect-error: 7:12: couldn't find an overload of 'clamp' for arguments (float32,
