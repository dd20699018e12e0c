# expect-error: with a Python type as dtype is not supported
# Python float as the dtype of quaternion/transform values: Warp declares quat_t<float>, not
# quat_t<wp::float32>.
import warp as wp


@wp.kernel
def python_float_dtype_values(out: wp.array(dtype=float)):
    i = wp.tid()
    q = wp.types.quaternion(0.0, 0.0, 0.0, 1.0, dtype=float)
    t = wp.transform_identity(float)
    qi = wp.quat_identity(float)
    m = wp.identity(n=3, dtype=float)
    out[i] = q[3] + t[6] + qi[0] + m[1, 1]
