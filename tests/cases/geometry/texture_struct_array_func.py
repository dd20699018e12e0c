# Textures as struct fields (never accumulated by the struct's operator+=; their type codes
# t2/t3 enter the struct hash), as array elements and as @wp.func parameters.
import warp as wp


@wp.struct
class Textures:
    tex: wp.Texture2D
    tex3: wp.Texture3D
    scale: float


@wp.func
def sample2(t: wp.Texture2D, uv: wp.vec2f, kind: int) -> float:
    if kind == 1:
        return wp.texture_sample(t, uv, dtype=wp.vec2f)[kind]
    return wp.texture_sample(t, uv, dtype=float)


@wp.kernel
def sample_nested(
    s: Textures, texs: wp.array(dtype=wp.Texture1D), uv: wp.array(dtype=wp.vec2f), out: wp.array(dtype=float)
):
    i = wp.tid()
    t = texs[i]
    a = wp.texture_sample(t, uv[i][0], dtype=float, lod=float(i))
    b = sample2(s.tex, uv[i], i)
    c = wp.texture_sample(s.tex3, wp.vec3f(uv[i][0], uv[i][1], 0.5), dtype=wp.vec4f)
    out[i] = (a + b + c[3]) * s.scale + float(t.width + s.tex.width)
