import warp as wp


@wp.func
def mix(x: float, y: float):
    return x * y


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    gx, gy = wp.grad(mix)(x[i], x[i])
    x[i] = gx + gy

# expect-error: several parameters annotated with Python's float or int is not supported yet
