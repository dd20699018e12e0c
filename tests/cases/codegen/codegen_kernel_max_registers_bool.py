import warp as wp

# cuda_max_registers must be an int, not a bool (Warp raises a TypeError).


@wp.kernel(cuda_max_registers=True)
def bool_registers(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 2.0
