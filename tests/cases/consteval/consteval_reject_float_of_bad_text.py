import warp as wp

# Underscores only between digits: Python raises ValueError, so Warp cannot import the module.
BAD = wp.constant(float("1__0"))


@wp.kernel
def bad(out: wp.array(dtype=float)):
    out[0] = BAD
