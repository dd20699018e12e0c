import warp as wp

# Bytes literals are not supported in kernels.


@wp.kernel
def print_bytes(x: wp.array(dtype=float)):
    i = wp.tid()
    print(b"raw")
