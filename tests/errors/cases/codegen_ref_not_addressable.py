import warp as wp


@wp.func
def bump(x: wp.ref[wp.int32]):
    x += 1


@wp.kernel(enable_backward=False)
def k(a: wp.array(dtype=wp.int32)):
    bump(a[0] + 1)

# expect-error: 11:5: wp.ref[int32] parameter requires an addressable expression
