import warp as wp


@wp.func
def bump(x: int):
    y = x + 1


@wp.func
def twice(x: int):
    return x * 2


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    # A call that returns nothing inside a tuple binds its name to None in Warp:
    # the call is emitted, the name has no value afterwards.
    x, y = twice(i), bump(i)
    z, w = bump(x), 3
    if i > 0:
        p, q = 1, bump(i)
    else:
        q = 5
    a[i] = x + w + q
