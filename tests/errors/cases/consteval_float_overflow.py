import warp as wp

SCALE = 10.0


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = wp.static(SCALE**400)

# expect-error: 8:24: error evaluating static expression: Python raises OverflowError: (34, 'Numerical result
