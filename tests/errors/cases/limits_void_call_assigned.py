import warp as wp


@wp.func
def bump(x: int):
    y = x + 1


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    # Warp 1.19 fails here too (AttributeError: 'NoneType' object has no attribute 'type').
    x = bump(i)

# expect-error: 13:9: the assigned value is nothing (a call that returns no value)
