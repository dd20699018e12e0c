import warp as wp

# Run without an installed Warp to read (ctest sets WARP_INCLUDE to an empty place).


@wp.kernel
def k(q: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.quat_to_rpy(q[i])

# expect-error: 9:14: wp.quat_to_rpy is written in Python inside Warp (a @wp.func in Warp's own source), which warpsynth compiles from an installed Warp; WARP_INCLUDE=
