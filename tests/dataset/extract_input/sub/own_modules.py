import warp as wp

# The file's module options: its kernels have no backward pass. A kernel of another module
# (module="unique" or a named module) gets Warp's defaults instead.
wp.set_module_options({"enable_backward": False})


@wp.func
def double(x: float):
    return 2.0 * x


@wp.kernel
def file_module_kernel(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = double(x[i])


@wp.kernel(module="unique", module_options={"max_unroll": 2})
def unrolled_own(x: wp.array(dtype=float)):
    i = wp.tid()
    for j in range(4):
        x[i] = x[i] + double(float(j))


@wp.kernel(
    module="named_shared",
    grid_stride=False,
)
def named_module(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * 0.5
