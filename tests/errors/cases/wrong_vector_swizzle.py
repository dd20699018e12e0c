import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    a[i] = wp.vec2(a[i].z, 0.0)

# expect-error: 7:20: vector swizzle for vec2f must be one of xy, got z
