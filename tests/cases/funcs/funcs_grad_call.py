# wp.grad(f)(args): forward-only calls of f's adjoint; functions that use it print after all adjoints.
import warp as wp


@wp.func
def potential(d: wp.vec3):
    return 2.0 / (wp.length(d) + 0.1)


@wp.func
def square(x: float):
    return x * x


@wp.func
def mix(x: wp.float32, y: wp.float32):
    return x * y + wp.sin(x)


@wp.func
def uses_grad(x: float):
    dsq = wp.grad(square)(x)
    return x + dsq


@wp.kernel(enable_backward=False)
def forces(x: wp.array(dtype=wp.vec3), f: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    f[i] = -wp.grad(potential)(x[i])


@wp.kernel
def with_backward(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    gx, gy = wp.grad(mix)(x[i], y=y[i])
    y[i] = uses_grad(x[i]) + gx * gy + square(x[i])
