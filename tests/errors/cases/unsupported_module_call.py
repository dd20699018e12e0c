import warp as wp


def make_kernel():
    @wp.kernel
    def inner(a: wp.array(dtype=float)):
        a[wp.tid()] = 1.0

    return inner


KERNEL = make_kernel()

# expect-error: 12:10: module-level call `make_kernel` may create Warp kernels or f
