import warp as wp

# Warp generates code for a kernel parameter annotated `str` but cannot launch the kernel:
# warpsynth refuses it.


@wp.kernel
def string_param(s: str, x: wp.array(dtype=float)):
    i = wp.tid()
    print(s)

# expect-error: kernel parameters cannot be strings
