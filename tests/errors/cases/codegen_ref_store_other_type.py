import warp as wp


@wp.func
def bump(x: wp.ref[wp.float32]):
    x = 2


@wp.kernel(enable_backward=False)
def k(a: wp.array(dtype=wp.float32)):
    bump(a[0])

# expect-error: 6:5: Error, assigning to ref parameter 'x' (float32) with value of different type (int32)
