import warp as wp

V = wp.types.vector(length=3 - 2**64 // 2**62, dtype=float)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0

# expect-error: 3:5: Python raises ValueError: The '_length_' attribute must not be negative when it runs this
