import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    g = wp.grad(square)
    x[i] = g(x[i])


@wp.kernel(enable_backward=False)
def through_local(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    f = square
    g = wp.grad(f)
    h = g
    y[i] = g(x[i]) + h(2.0)
