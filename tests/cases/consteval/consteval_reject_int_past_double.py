import warp as wp


# Warp's constant_str checks math.isnan(value), which converts the int to a
# float: past the largest double, OverflowError.
@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = wp.static(2**1100)
