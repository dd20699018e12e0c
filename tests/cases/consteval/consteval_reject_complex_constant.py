import warp as wp

# A negative float to a fractional power is complex, which wp.constant refuses.
C = wp.constant(1 + (-8.0) ** 0.5)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0
