import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), b: wp.array(dtype=wp.vec3i), n: int):
    i = wp.tid()
    b[i] = wp.vec3i(*a[0:n])

# expect-error: 7:26: Slice component must be a compile-time constant.
