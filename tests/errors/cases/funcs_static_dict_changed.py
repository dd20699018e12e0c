# A dict that module code changes is not modelled: warpsynth refuses to read it (Warp reads 2.0).
import warp as wp

SCALES = {"small": 0.5}
SCALES["small"] = 2.0


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[0] = wp.static(SCALES["small"])

# expect-error: 10:12: error evaluating static expression
