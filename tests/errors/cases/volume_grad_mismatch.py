import warp as wp


@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    g = wp.vec4(0.0)
    out[0] = wp.volume_sample_grad(vol, wp.vec3(0.0), 1, g, dtype=wp.float32)

# expect-error: 7:14: 'volume_sample_grad': Incompatible gradient type, expected vec3f, got vec4f
