import warp as wp

vec3bool = wp.types.vector(length=3, dtype=wp.bool)
SELECT_VEC = wp.constant(vec3bool([True, False, True]))
mat22bool = wp.types.matrix((2, 2), dtype=wp.bool)
SELECT_MAT = wp.constant(mat22bool([True, False, False, True]))
OFFSETS = wp.constant(wp.vec3i((1, 2, 3)))
ROWS = wp.constant(wp.mat22([1.0, 2.0, 3.0, 4.0]))


class Flags:
    """Plain class constants are read as constants in kernels."""

    ENABLED = True
    DISABLED = False
    COUNT = wp.constant(3)
    SCALE = 2.5
    COUNT = 4


@wp.kernel
def lengths(a: wp.array[float], m: wp.mat22, q: wp.quat, t: wp.transform, s: float):
    v = wp.vec3(1.0, 2.0, 3.0)
    a[0] = float(v.length)
    a[1] = float(m.length) + float(q.length) + float(t.length) + float(s.length)
    x = wp.identity(n=v.length, dtype=v.dtype)
    y = wp.vector(length=t.length, dtype=float)
    for i in range(v.length):
        a[i] = x[i, i] + y[i]
    w = wp.types.vector(length=2, dtype=type(s))
    z = wp.identity(n=w.length, dtype=w.dtype) * s
    a[3] = wp.trace(z)


@wp.kernel
def constants(out: wp.array[int], f: wp.array[float]):
    i = wp.tid()
    if SELECT_VEC[0]:
        out[i] = out[i] + 1
    if SELECT_VEC[1]:
        out[i] = out[i] + 2
    if SELECT_MAT[1, 1]:
        out[i] = out[i] + OFFSETS[2]
    f[i] = ROWS[1, 0]
    if Flags.ENABLED:
        out[i] = out[i] + Flags.COUNT
    if Flags.DISABLED:
        out[i] = 0
    f[i] = f[i] * Flags.SCALE
