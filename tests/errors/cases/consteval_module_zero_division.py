import warp as wp

X = 2**70 // (3 - 3)


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = 1

# expect-error: 3:5: Python raises ZeroDivisionError: integer division or modulo by zero when it runs this
