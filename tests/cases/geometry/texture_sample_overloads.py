# Texture1D/2D/3D kernel parameters, every texture_sample overload (scalar, vector and split
# coordinates; dtype float, vec2f, vec4f; the lod default and keyword) and the width/height/
# depth fields. Warp spells Python's float as the template argument `float`.
import warp as wp


@wp.kernel
def sample_all(
    tex: wp.Texture1D,
    tex2: wp.Texture2D,
    tex3: wp.Texture3D,
    xs: wp.array(dtype=float),
    out: wp.array(dtype=float),
    out2: wp.array(dtype=wp.vec2f),
    out4: wp.array(dtype=wp.vec4),
):
    i = wp.tid()
    x = xs[i]
    out[i] = wp.texture_sample(tex, x, dtype=float)
    out2[i] = wp.texture_sample(tex2, wp.vec2(x, 0.5), dtype=wp.vec2f)
    out4[i] = wp.texture_sample(tex3, wp.vec3(x, 0.5, x), dtype=wp.vec4, lod=1.0)
    a = wp.texture_sample(tex2, x, 0.5, dtype=float)
    b = wp.texture_sample(tex3, x, 0.5, x, dtype=float)
    c = wp.texture_sample(tex, x, lod=xs[0], dtype=wp.vec4f)
    out[i] = a + b + c[2] + float(tex.width) + float(tex2.height) + float(tex3.depth)
