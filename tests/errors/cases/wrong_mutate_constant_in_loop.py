import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    s = 0.0
    for j in range(n):
        s += a[j]
    a[i] = s

# expect-error: 9:9: error mutating a constant s inside a dynamic loop, use the f
