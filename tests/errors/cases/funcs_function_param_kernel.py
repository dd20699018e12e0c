# wp.Function annotates parameters of user functions; Warp cannot resolve the call in a kernel.
import warp as wp


@wp.kernel
def k(op: wp.Function, x: wp.array[float]):
    x[0] = op(x[0])

# expect-error: 6:7: kernel parameters cannot be typed wp.Function
