import warp as wp

wp.set_module_options({"enable_backward": False, "max_unroll": 4, "fast_math": False})


@wp.func
def poly(x: float, n: int):
    acc = float(0.0)
    for k in range(n):
        acc = acc * x + 1.0
    return acc


@wp.kernel
def horner_sums(xs: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    # 6 iterations exceed max_unroll=4: a dynamic loop
    for k in range(6):
        s += poly(xs[i], k)
    # 3 iterations are unrolled
    for k in range(3):
        s += xs[i] * float(k)
    out[i] = s
