import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec4), n: int):
    i = wp.tid()
    v = a[i]
    v[0] = v[1:n][0]

# expect-error: 8:16: Slice component must be a compile-time constant.
