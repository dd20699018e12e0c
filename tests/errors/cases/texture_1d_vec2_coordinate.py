import warp as wp


@wp.kernel
def k(tex: wp.Texture1D, out: wp.array(dtype=float)):
    out[0] = wp.texture_sample(tex, wp.vec2(0.5, 0.5), dtype=float)

# expect-error: 6:14: couldn't find an overload of 'texture_sample'
