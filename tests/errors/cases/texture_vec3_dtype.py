import warp as wp


@wp.kernel
def k(tex: wp.Texture3D, out: wp.array(dtype=wp.vec3)):
    out[0] = wp.texture_sample(tex, wp.vec3(0.5, 0.5, 0.5), dtype=wp.vec3)

# expect-error: 6:14: unsupported texture type `vec3f`. Supported types: float, vec2f, vec4f
