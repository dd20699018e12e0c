import warp as wp


@wp.kernel
def tuple_lengths(out: wp.array(dtype=float)):
    i = wp.tid()
    t = (1, 2.5, wp.vec2(1.0, 2.0), i)
    out[i] = float(wp.static(len(t))) + float(wp.static(len(t) * 2 - 1))
    for k in range(wp.static(len(t) - 2)):
        out[i] += float(k)
