import warp as wp

# Warp checks cuda_max_registers when it decorates a kernel, even one of its own module
# ("unique"), which warpsynth otherwise leaves out: a value below 1 is refused.


@wp.kernel
def fine(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 1.0


@wp.kernel(cuda_max_registers=-4, module="unique")
def bad_registers(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 2.0
