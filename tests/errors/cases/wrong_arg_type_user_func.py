import warp as wp


@wp.func
def scale(x: float, s: float):
    return x * s


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    a[i] = scale(a[i], n)

# expect-error: 12:12: couldn't find function overload for 'scale' that matched inp
