import warp as wp


@wp.func
def index():
    return wp.tid()


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[index()] = 1.0

# expect-error: 6:12: tid() may only be called from a Warp kernel, not a Warp func
