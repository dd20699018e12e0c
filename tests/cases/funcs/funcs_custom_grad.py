# @wp.func_grad(f): Warp prints the body as f's adjoint (`adj_<f's native name>`, "user-defined
# adjoint code", before the other adjoints) with f's inputs, their adjoints and the adjoints of
# f's outputs; `wp.adjoint[x]` is x's adjoint. The callers' reverse calls pass no outputs, even
# for a function with several.
import warp as wp


@wp.func
def scale_and_power(x: float, y: float):
    return x * 3.0 + y / 3.0, y**2.5


@wp.func_grad(scale_and_power)
def scale_and_power_grad(x: float, y: float, adj_ret0: float, adj_ret1: float):
    wp.adjoint[x] += x * adj_ret0 * 42.0 + y * adj_ret1 * 10.0
    wp.adjoint[y] += y * adj_ret1 * 3.0


@wp.func
def safe_sqrt(x: float):
    return wp.sqrt(x)


@wp.func_grad(safe_sqrt)
def safe_sqrt_grad(x: float, adj_ret: float):
    if x > 0.0:
        wp.adjoint[x] += wp.grad(wp.sqrt)(x) * adj_ret


@wp.func
def plain(v: wp.vec3) -> float:
    return wp.length(v)


@wp.func
def overloaded(v: wp.vec3) -> wp.vec3:
    return v * 2.0


@wp.func
def overloaded(v: float) -> float:
    return v * 2.0


@wp.func_grad(overloaded)
def overloaded_grad(v: float, adj_ret: float):
    wp.adjoint[v] = adj_ret * 2.0


@wp.kernel
def custom_grads(xs: wp.array(dtype=float), vs: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    a, b = scale_and_power(xs[i], 2.0)
    out[i] = a + b + safe_sqrt(xs[i]) + plain(vs[i]) + overloaded(xs[i]) + overloaded(vs[i])[0]
