# Warp has no function pointers: a local bound to one function cannot be rebound to another
# (warpsynth used to call the last one).
import warp as wp


@wp.func
def one(v: float):
    return v


@wp.func
def two(v: float):
    return v + 1.0


@wp.kernel
def k(x: wp.array[float]):
    f = one
    f = two
    x[0] = f(x[0])

# expect-error: 19:5: rebinding function-valued local 'f' to a different function is not supported
