import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    a[i] = wp.sin(n)

# expect-error: 7:12: couldn't find an overload of 'sin' for arguments (int32)
