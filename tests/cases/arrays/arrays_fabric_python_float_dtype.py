# Warp's fabric constructors keep Python's `float` as the dtype (printed `float`, not
# `wp::float32`); warpsynth refuses rather than guess how it mixes with float32.
import warp as wp


@wp.kernel
def k(rows: wp.fabricarrayarray(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = rows[i, 0]

# expect-error: fabric array annotation with Python's `float` as dtype is not supported
