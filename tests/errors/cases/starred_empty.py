import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = a[i]
    a[i] = wp.vec3(1.0, *v[2:1], 2.0, 3.0)

# expect-error: 8:25: Starred expression results in empty sequence.
