import warp as wp


# len(range(10**19)) does not fit a Py_ssize_t: Python raises OverflowError.
@wp.kernel
def long_range(out: wp.array(dtype=int)):
    for i in range(wp.static(10**19)):
        out[0] = i
