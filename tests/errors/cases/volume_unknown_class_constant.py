import warp as wp


# wp.Volume has CLOSEST and LINEAR sampling modes only.
@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    out[0] = wp.volume_sample_f(vol, wp.vec3(0.0), wp.Volume.CUBIC)

# expect-error: 7:52: 'warp._src.types.Volume.CUBIC' cannot be used in a kernel
