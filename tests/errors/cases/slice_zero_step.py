import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    m = a[i]
    a[i] = m[0:2:0, :]

# expect-error: 8:14: Slice step cannot be zero.
