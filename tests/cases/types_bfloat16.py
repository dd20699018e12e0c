import warp as wp

bf16_vec3 = wp.types.vector(3, wp.bfloat16)
bf16_mat22 = wp.types.matrix((2, 2), wp.bfloat16)

HALF = wp.constant(wp.bfloat16(0.5))


@wp.struct
class Sample:
    w: wp.bfloat16
    v: bf16_vec3


@wp.func
def scale(x: wp.bfloat16, s: wp.bfloat16):
    return x * s


@wp.kernel
def bf16_math(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.float32), s: wp.bfloat16, out: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    x = a[i]
    y = wp.bfloat16(b[i])
    z = scale(x, y) + s - HALF
    out[i] = wp.sqrt(wp.abs(z)) / wp.bfloat16(3.0) + wp.exp(x) * wp.max(x, y)
    b[i] = wp.float32(z) + wp.float32(wp.bfloat16(2))
    wp.atomic_add(out, 0, z)
    wp.atomic_max(a, 0, y)
    out[i] += x
    c = wp.bfloat16(1.0)
    c += x * y


@wp.kernel
def bf16_composites(smp: Sample, out: wp.array(dtype=wp.bfloat16), vs: wp.array(dtype=bf16_vec3)):
    i = wp.tid()
    v = bf16_vec3(wp.bfloat16(1.0), wp.bfloat16(2.0), smp.w)
    m = bf16_mat22(wp.bfloat16(1.0), wp.bfloat16(2.0), wp.bfloat16(3.0), wp.bfloat16(4.0))
    u = v + smp.v * smp.w
    vs[i] = u
    out[i] = wp.dot(u, v) + m[0, 1] + wp.length(u) + wp.determinant(m)
