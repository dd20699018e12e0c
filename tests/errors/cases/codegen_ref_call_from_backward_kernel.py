import warp as wp


@wp.func
def bump(x: wp.ref[wp.float32]):
    x += 1.0


@wp.func
def outer(x: wp.ref[wp.float32]):
    bump(x)


@wp.kernel
def k(a: wp.array(dtype=wp.float32)):
    i = wp.tid()
    v = a[i]
    outer(v)
    a[i] = v

# expect-error: 18:5: In kernel 'k': Cannot call 'outer' with wp.ref[T] parameters from a backward-enabled kernel
