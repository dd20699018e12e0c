import warp as wp

wp.config.mode = "debug"


@wp.kernel
def debug_kernel(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 1.0
