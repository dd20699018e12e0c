import warp as wp

# cuda_max_registers and launch_bounds cannot be given together (Warp raises a ValueError).


@wp.kernel(launch_bounds=128, cuda_max_registers=64)
def both_limits(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 2.0
