# A missing key raises KeyError in Python, so Warp cannot evaluate the static expression.
import warp as wp

SCALES = {"small": 0.5}


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[0] = wp.static(SCALES["big"])

# expect-error: 9:22: KeyError: 'big'
