import warp as wp
from warp import quat_to_rpy

# Builtins Warp writes in Python (@wp.func in warp/_src/math.py): Warp prints them as
# functions of this module with their own file's path; generic ones (smooth_normalize,
# norm_*) are instantiated per argument type and numbered from line 0.


@wp.func
def norm_l2(v: wp.vec3):
    # a user function named like one of Warp's: norm_l2_1
    return wp.length(v) + wp.norm_l2(v)


@wp.kernel
def norms(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec2), out: wp.array(dtype=float), n: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = a[i]
    out[i] = wp.norm_l1(v) + wp.norm_huber(v) + wp.norm_huber(v, delta=2.0) + wp.norm_pseudo_huber(v, 0.5)
    out[i] += norm_l2(v) + wp.norm_l1(b[i])
    n[i] = wp.smooth_normalize(v)
    d = wp.smooth_normalize(b[i], 0.1)


@wp.kernel
def rotations(e: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3), angles: wp.array(dtype=float)):
    i = wp.tid()
    r = wp.quat_from_euler(e[i], 0, 1, 2)
    q[i] = wp.quat_twist(wp.vec3(0.0, 0.0, 1.0), r)
    out[i] = wp.quat_to_euler(r, 2, 1, 0) + quat_to_rpy(r)
    angles[i] = wp.quat_twist_angle(wp.vec3(1.0, 0.0, 0.0), r) - wp.quat_twist_angle_signed(wp.vec3(0.0, 1.0, 0.0), r)


@wp.kernel
def spatial(t: wp.array(dtype=wp.transform), x: wp.array(dtype=wp.spatial_vector), out: wp.array(dtype=wp.spatial_vector), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.transform_twist(t[i], x[i]) + wp.transform_wrench(t[i], x[i])
    v[i] = wp.velocity_at_point(x[i], wp.vec3(1.0, 2.0, 3.0))
