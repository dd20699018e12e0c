import warp as wp

# ctypes refuses an array past a Py_ssize_t of bytes.
V = wp.types.vector(length=2**62, dtype=wp.float64)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0
