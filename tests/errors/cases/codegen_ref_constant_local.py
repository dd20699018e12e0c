import warp as wp


@wp.func
def bump(x: wp.ref[wp.int32]):
    x += 1


@wp.kernel(enable_backward=False)
def k(a: wp.array(dtype=wp.int32)):
    v = 0
    bump(v)
    a[0] = v

# expect-error: 12:5: Error taking a mutable reference to constant local 'v'
