import warp as wp


# Python raises ValueError: negative shift count, so Warp rejects the kernel.
@wp.kernel
def shift(out: wp.array(dtype=int)):
    out[0] = wp.static(1 << -1)
