# Found by tools/fuzz: a fractional matrix dimension is a Python error in Warp; warpsynth
# truncated it to an integer.
import warp as wp


@wp.kernel
def fill_fractional(out: wp.array(dtype=float)):
    m = wp.matrix(1.0, shape=(2, 2.5))
    out[0] = 1.0
