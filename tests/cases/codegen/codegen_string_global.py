import warp as wp

# Warp refuses a module-level string used in a kernel ("Invalid external reference type").

MESSAGE = "hello"


@wp.kernel
def print_global(x: wp.array(dtype=float)):
    i = wp.tid()
    print(MESSAGE)
