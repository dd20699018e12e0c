import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 1.0


k_f = wp.overload(k, [wp.array(dtype=float)])

# expect-error: 10:19: Only generic kernels can be overloaded.  Kernel k is not generic
