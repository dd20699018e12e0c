import warp as wp


@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    out[0] = wp.volume_sample(vol, wp.vec3(0.0), 1, dtype=wp.vec2)[0]

# expect-error: 6:14: 'volume_sample': unsupported volume type `vec2f`
