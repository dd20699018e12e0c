# A local bound to wp.grad(f) is a static handle: Warp refuses to assign it a value.
import warp as wp


@wp.func
def one(v: float):
    return v * v


@wp.kernel
def k(x: wp.array[float]):
    g = wp.grad(one)
    g = x[0]
    x[0] = g

# expect-error: 13:5: Cannot reassign local 'g' after binding it to wp.grad(...)
