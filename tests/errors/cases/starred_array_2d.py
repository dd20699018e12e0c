import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=int), b: wp.array(dtype=wp.vec2i)):
    i = wp.tid()
    b[i] = wp.vec2i(*a[0:2])

# expect-error: 7:21: Starred expressions with slices are only supported for 1D arrays, got 2D array.
