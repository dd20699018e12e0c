import warp as wp


@wp.kernel
def k(points: wp.array(dtype=wp.vec3), s: float):
    i = wp.tid()
    points[i].x *= s

# expect-error: 7:5: differentiable composite slot augmented assignments
