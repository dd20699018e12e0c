import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), b: wp.array(dtype=wp.vec3i)):
    i = wp.tid()
    b[i] = wp.vec3i(*a[1:])

# expect-error: 7:21: Starred expression on arrays requires explicit upper bound
