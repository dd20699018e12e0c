import warp as wp


# A complex number is not a value a kernel can hold.
@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = wp.static((-2.0) ** 0.5 * 2)
