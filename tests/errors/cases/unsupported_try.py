import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    try:
        a[i] = 1.0
    except Exception:
        pass

# expect-error: 7:5: construct `ast.Try` is not supported in kernels
