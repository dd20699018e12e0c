# Python's float as the dtype of quaternions and transforms: Warp keeps the class as their type
# parameter and declares wp::quat_t<float> / wp::transform_t<float>, while the constructors' C++
# and everything computed from them (components, matrices) use wp::float32. A volume read of
# `dtype=float` spells its template argument `float`.
import warp as wp


@wp.kernel
def python_float_dtype_values(vol: wp.uint64, out: wp.array(dtype=float)):
    i = wp.tid()
    q = wp.types.quaternion(0.0, 0.0, 0.0, 1.0, dtype=float)
    t = wp.transform_identity(float)
    qi = wp.quat_identity(float)
    qk = wp.quat_identity(dtype=float)
    m = wp.identity(n=3, dtype=float)
    out[i] = q[3] + t[6] + qi[0] + qk.w + m[1, 1]
    copy = wp.quaternion(qi, dtype=float)
    canonical = wp.quaternion(wp.quat_identity(), dtype=float)
    tp = wp.transformation(wp.vec3(1.0, 2.0, 3.0), qi, dtype=float)
    tz = wp.transformation(dtype=float)
    alias = tp
    wp.expect_eq(copy[1], canonical[2])
    out[i] += alias[0] + tz[1]
    out[i] += wp.volume_sample(vol, wp.vec3(0.0), wp.Volume.LINEAR, dtype=float)
    out[i] += wp.volume_lookup(vol, 0, 0, 0, dtype=float)
