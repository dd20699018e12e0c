import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), b: wp.array(dtype=wp.vec3i)):
    i = wp.tid()
    b[i] = wp.vec3i(*a)

# expect-error: 7:21: Starred expressions apply to arrays only if they are sliced with bounds known at compile-time.
