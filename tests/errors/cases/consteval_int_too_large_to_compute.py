import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = wp.static(2 ** (2**21) % 7)

# expect-error: 6:14: error evaluating static expression: `2 ** (2**21)` (an integer of more than 1048576 bits,
