# A @wp.func_grad whose parameters are not the forward function's inputs plus the adjoints of its
# outputs: Warp raises when the module runs.
import warp as wp


@wp.func
def f(x: float, y: float) -> float:
    return x * y


@wp.func_grad(f)
def f_grad(x: float, y: float):
    wp.adjoint[x] += y


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0

# expect-error: 12:1: No function overload found for gradient function f_grad for function f
