import warp as wp


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=wp.uint64)):
    out[0] = wp.address_of(wp.vec3f(1.0, 2.0, 3.0).x)

# expect-error: 6:28: wp.address_of() requires an addressable expression
