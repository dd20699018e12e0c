import warp as wp


class Holder:
    @wp.kernel
    def k(a: wp.array(dtype=float)):
        a[wp.tid()] = 1.0

# expect-error: 5:6: Warp kernels and functions defined inside a class are not su
