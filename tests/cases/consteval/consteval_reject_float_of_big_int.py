import warp as wp

# float() of an int past the largest double raises OverflowError at import.
F = float(2**1024 - 2**970)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0
