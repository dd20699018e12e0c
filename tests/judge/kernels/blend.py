import warp as wp


@wp.kernel
def blend_points(points: wp.array(dtype=wp.vec3), weights: wp.array(dtype=float), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = points[i]
    w = weights[i]
    out[i] = wp.normalize(p) * w + p * (1.0 - w)
