# A plain Python function's default is evaluated when `def` runs: 1 / 0 raises
# ZeroDivisionError, so the module never imports and Warp makes no code.
import warp as wp


def scale(x, factor=1 / 0):
    return x * factor


@wp.kernel
def fill(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
