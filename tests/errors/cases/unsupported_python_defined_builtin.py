import warp as wp


@wp.kernel
def k(q: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.quat_to_rpy(q[i])

# expect-error: 7:14: wp.quat_to_rpy is written in Python inside Warp (a @wp.func 
