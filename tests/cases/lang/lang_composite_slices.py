import warp as wp


@wp.func
def tail3(v: wp.vec4):
    return v[1:]


@wp.kernel
def composite_slices(
    a: wp.array(dtype=wp.vec4),
    m: wp.array(dtype=wp.mat33),
    q: wp.array(dtype=wp.quat),
    t: wp.array(dtype=wp.transform),
    out2: wp.array(dtype=wp.vec2),
    out3: wp.array(dtype=wp.vec3),
    outm: wp.array(dtype=wp.mat22),
):
    i = wp.tid()
    v = a[i]
    out2[i] = v[1:3] + v[::-2] + v[-2:] + v[3:0:-2]
    out3[i] = tail3(v) + v[:-1] + q[i][1:] + t[i][:3]
    mm = m[i]
    out3[i] += mm[0, :] + mm[:, 1] + mm[2] * mm[1, 1]
    out2[i] += mm[1, 1:] + mm[:2, 2]
    outm[i] = mm[1:, :2] + mm[::2, ::-2]
    out2[i] += wp.vec2(wp.length(v[1:9]), float(len(v[::3])))
