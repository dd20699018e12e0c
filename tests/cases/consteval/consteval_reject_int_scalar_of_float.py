import warp as wp

# Warp's module hash stores the constant with ctypes.c_int(5.5): TypeError.
C = wp.int32(11 / 2)


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = C
