import warp as wp


@wp.func
def store(a: wp.array(dtype=float), x: float):
    a[0] = x


@wp.kernel
def k(a: wp.array(dtype=float)):
    wp.grad(store)(a, 1.0)

# expect-error: 11:5: Cannot compute gradient of void function 'store'
