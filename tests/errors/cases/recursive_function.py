import warp as wp


@wp.func
def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = fact(i)

# expect-error: 5:1: function 'fact' calls itself; recursion is not supported
