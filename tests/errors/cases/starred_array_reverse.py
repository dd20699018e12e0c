import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), b: wp.array(dtype=wp.vec2i)):
    i = wp.tid()
    b[i] = wp.vec2i(*a[3:1:-1])

# expect-error: 7:21: Starred expression slice step cannot be negative for arrays.
