import warp as wp


@wp.func
def weigh(a: float, b: float, c: float):
    return a * 0.5 + b * 0.25 + c


@wp.kernel
def starred(
    pts: wp.array(dtype=wp.vec3),
    flat: wp.array(dtype=float),
    frames: wp.array(dtype=wp.transform),
    out: wp.array(dtype=wp.vec4),
):
    i = wp.tid()
    p = pts[i]
    w = weigh(*p)
    q = wp.quat_rpy(p[0], p[1], p[2])
    t = frames[i]
    row = wp.vec4(*q[1:], w)
    m = wp.mat33(*p, *p, 1.0, 2.0, 3.0)
    m2 = wp.matrix_from_rows(*m[::-2])
    head = wp.vec3(*flat[1:7:2])
    tail = wp.vec2(*t[-2:])
    out[i] = row + wp.vec4(*head, wp.max(*tail)) + wp.vec4(m2[0, 0], *m2[1])


@wp.kernel
def starred_int(a: wp.array(dtype=wp.vec4i), b: wp.array(dtype=int)):
    i = wp.tid()
    v = a[i]
    b[i] = wp.min(*v[:-2]) + wp.max(*v[-2::1])
