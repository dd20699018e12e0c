import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = a[i]
    a[i] = wp.vec3(*v[0:3:0])

# expect-error: 8:23: Slice step cannot be zero.
