# A builtin Warp writes in Python (wp.norm_l2, a @wp.func of warp/_src/math.py) passed to a
# wp.Function parameter: the callee is specialized for that function, read from the installed Warp.
import warp as wp


@wp.func
def apply(f: wp.Function, v: wp.vec3):
    return f(v)


@wp.kernel
def python_builtin_target(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = apply(wp.norm_l2, v[i]) + apply(wp.norm_l1, v[i])
