import warp as wp


@wp.func
def twice(x):
    return x + x


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])

# expect-error: 5:11: incomplete argument annotations on function twice: 'x' has n
