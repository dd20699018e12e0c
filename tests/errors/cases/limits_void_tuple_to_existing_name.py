import warp as wp


@wp.func
def bump(x: int):
    y = x + 1


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    y = 1
    # Warp fails here (AttributeError: 'NoneType' object has no attribute 'type').
    x, y = 1, bump(i)

# expect-error: 14:8: cannot assign nothing (a call that returns no value) to the existing name 'y'
