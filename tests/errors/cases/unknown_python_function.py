import warp as wp


def helper(x):
    return x * 2.0


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = helper(a[i])

# expect-error: 11:12: could not find function helper as a built-in or user-defined
