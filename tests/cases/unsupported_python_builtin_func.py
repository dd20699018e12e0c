import warp as wp

# expect-error: quat_to_rpy
# wp.quat_to_rpy is itself a Python @wp.func inside Warp: its body would come from Warp's
# own source, which warpsynth does not embed, so warpsynth rejects it by design.


@wp.kernel
def to_rpy(q: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.quat_to_rpy(q[i])
