import warp as wp


# int(inf) raises OverflowError.
@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = wp.static(int(1e308 * 10))
