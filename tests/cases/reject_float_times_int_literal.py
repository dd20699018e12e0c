import warp as wp


# Warp never promotes literals: an int32 literal times a float32 is rejected, so
# warpsynth must reject it too, with `file:line:col: error: ...`.
@wp.func
def twice(x: float):
    return x * 2


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])
