import warp as wp

# wp.quat_to_rpy is itself a Python @wp.func inside Warp: warpsynth compiles its body from the
# installed Warp's own source (found as the tests' venv Python), like Warp.


@wp.kernel
def to_rpy(q: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.quat_to_rpy(q[i])
