import warp as wp


@wp.kernel
def softplus(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i] * 1.75
    y[i] = wp.log(1.0 + wp.exp(v)) / 1.75
