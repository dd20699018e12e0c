# A builtin whose overloads need special lowering (a dispatch rule) cannot be a wp.Function target.
import warp as wp


@wp.func
def apply1(op: wp.Function, v: float):
    return op(v)


@wp.kernel
def k(x: wp.array[float]):
    x[0] = apply1(wp.mul, x[0])

# expect-error: 12:12: received unsupported built-in function 'mul'
