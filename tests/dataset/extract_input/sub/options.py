import warp as wp

BOUNDS = 128


@wp.kernel(enable_backward=False)
def forward_only(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 2.0


@wp.kernel(launch_bounds=(BOUNDS, 2), grid_stride=False)
def bounded(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * 3.0


@wp.kernel(name="renamed_kernel")
def named(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] - 1.0


@wp.kernel(module="unique")
def own_module(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 0.0


@wp.kernel(not_an_option=True)
def bad_option(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 0.0


@wp.kernel
def plain(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] + 1.0
