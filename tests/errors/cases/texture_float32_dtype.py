import warp as wp


# Warp checks `dtype in {float, vec2f, vec4f}`: Python's float, and wp.float32 is not it.
@wp.kernel
def k(tex: wp.Texture2D, out: wp.array(dtype=float)):
    out[0] = wp.texture_sample(tex, wp.vec2(0.5, 0.5), dtype=wp.float32)

# expect-error: 7:14: unsupported texture type `float32`. Supported types: float, vec2f, vec4f
