import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    g = wp.grad(square)
    x[i] = g(x[i])

# expect-error: wp.grad(f) is supported only when called at once
