import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.func
def uses_grad(x: float):
    return wp.grad(square)(x)


@wp.func
def plain(x: float):
    return uses_grad(x) * 2.0


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = plain(x[i])

# expect-error: 16:12: 'uses_grad' calls wp.grad(), so Warp prints it after the functions that call it
