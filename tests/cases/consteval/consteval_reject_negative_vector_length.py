import warp as wp

# ctypes refuses a negative array length when the type is made.
V = wp.types.vector(length=2**64 - 2**64 - 1, dtype=float)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0
