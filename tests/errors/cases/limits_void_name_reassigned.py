import warp as wp


@wp.func
def bump(x: int):
    y = x + 1


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    # Warp accepts this line (y is bound to None) but fails on the next one.
    x, y = 1, bump(i)
    y = 2

# expect-error: 14:5: 'y' holds nothing (the result of a call that returns no value)
