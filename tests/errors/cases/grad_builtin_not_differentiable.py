# wp.grad() of a builtin Warp registers as not differentiable.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = wp.grad(wp.floor)(1.5)

# expect-error: 7:14: Cannot compute gradient of non-differentiable function 'floor'
