import warp as wp


# A wp.static float is a literal to Warp's range(): 'float' object cannot be
# interpreted as an integer.
@wp.kernel
def float_range(out: wp.array(dtype=int)):
    for i in range(wp.static(4 / 2)):
        out[0] = i
