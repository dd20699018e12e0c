import warp as wp

# Importing the module raises ZeroDivisionError, though no kernel uses X.
X = 2**70 // (3 - 3)


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = 1
