import warp as wp


# 2.0 ** 10000 overflows a double: Python raises OverflowError.
@wp.kernel
def overflow(out: wp.array(dtype=float)):
    out[0] = wp.static(2.0**10000)
