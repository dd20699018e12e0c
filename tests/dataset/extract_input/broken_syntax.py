import warp as wp


@wp.kernel
def broken(x: wp.array(dtype=float):
    i = wp.tid()
