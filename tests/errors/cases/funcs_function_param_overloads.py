# Warp picks the overload it hashes by the arguments' static types: not modelled, refused when
# the hash matters (here: the order of two kernels).
import warp as wp


@wp.func
def one(v: float):
    return v


@wp.func
def apply(op: wp.Function, v: float):
    return op(v)


@wp.func
def apply(op: wp.Function, v: int):
    return float(op(float(v)))


@wp.kernel
def k(x: wp.array[float]):
    x[0] = apply(one, x[0])


@wp.kernel
def k2(x: wp.array[float]):
    x[0] = one(x[0])

# expect-error: 23:12: several overloads of 'apply' with wp.Function parameters fit this call
