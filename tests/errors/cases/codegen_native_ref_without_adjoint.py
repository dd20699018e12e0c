import warp as wp


@wp.func_native("x = x + 1.0f;")
def bump(x: wp.ref[wp.float32]): ...


@wp.kernel
def k(a: wp.array(dtype=wp.float32)):
    i = wp.tid()
    bump(a[i])

# expect-error: 11:5: In kernel 'k': Cannot call 'bump' with wp.ref[T] parameters from a backward-enabled kernel
