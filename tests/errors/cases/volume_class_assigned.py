import warp as wp


# The class itself is not a value Warp can hold in a local variable.
@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    v = wp.Volume
    out[0] = wp.volume_sample_f(vol, wp.vec3(0.0), v.LINEAR)

# expect-error: 7:9: only values and functions can be assigned to local names
