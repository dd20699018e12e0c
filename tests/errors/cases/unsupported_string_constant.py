import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    s = "hello"
    a[i] = 1.0

# expect-error: 7:9: string constants are not supported here
