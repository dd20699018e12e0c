import math

import warp as wp

X = math.sqrt(2.0 - 3.0)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = X

# expect-error: 5:5: Python raises ValueError: math domain error when it runs this
