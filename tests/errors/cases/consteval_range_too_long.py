import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    for i in range(5, wp.static(2**63 + 5)):
        out[0] = i

# expect-error: 6:14: the length of this range() does not fit a Py_ssize_t (Python's len() raises
