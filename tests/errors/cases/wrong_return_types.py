import warp as wp


@wp.func
def pick(x: float):
    if x > 0.0:
        return x
    return 1


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = pick(a[i])

# expect-error: 8:5: function returned different types on different paths
