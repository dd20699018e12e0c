# A @wp.func_replay whose parameter types match no overload of the forward function.
import warp as wp


@wp.func
def f(x: float, y: float) -> float:
    return x * y


@wp.func_replay(f)
def f_replay(x: float, y: int) -> float:
    return x


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = f(1.0, 2.0)

# expect-error: 11:1: Could not find forward definition of function f that matches custom replay definition
