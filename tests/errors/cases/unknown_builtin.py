import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.sinus(a[i])

# expect-error: 7:12: could not find function wp.sinus as a built-in or user-defin
