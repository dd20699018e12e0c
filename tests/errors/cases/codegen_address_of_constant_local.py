import warp as wp


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=wp.uint64)):
    x = 1.0
    out[0] = wp.address_of(x)

# expect-error: 7:28: Error taking a mutable reference to constant local 'x'
