# Warp supports it; warpsynth does not model the gradient of a specialized function yet.
import warp as wp


@wp.func
def twice(v: float):
    return v * 2.0


@wp.func
def apply1(op: wp.Function, v: float):
    return op(v)


@wp.kernel
def k(x: wp.array[float]):
    x[0] = wp.grad(apply1)(twice, x[0])

# expect-error: 17:12: wp.grad(f) of a function with wp.Function parameters is not supported yet
