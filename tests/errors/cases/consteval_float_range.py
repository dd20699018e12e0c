import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    for i in range(0, 10, wp.static(10 / 5)):
        out[0] = i

# expect-error: 6:27: range() argument: 'float' object cannot be interpreted as an integer
