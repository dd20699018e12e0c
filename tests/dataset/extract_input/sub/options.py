import warp as wp


@wp.kernel(enable_backward=False)
def forward_only(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 2.0


@wp.kernel
def plain(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] + 1.0
