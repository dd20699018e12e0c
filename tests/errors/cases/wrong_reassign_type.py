import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    x = 1.0
    x = i
    a[i] = x

# expect-error: 8:5: error, assigning to existing symbol x (float32) with differe
