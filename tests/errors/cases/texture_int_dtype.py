import warp as wp


@wp.kernel
def k(tex: wp.Texture1D, out: wp.array(dtype=float)):
    out[0] = float(wp.texture_sample(tex, 0.5, dtype=int))

# expect-error: 6:20: unsupported texture type `int`. Supported types: float, vec2f, vec4f
