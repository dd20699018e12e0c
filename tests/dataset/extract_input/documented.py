"""A kernel with a docstring: extract takes its first paragraph as the record's description."""
import warp as wp


@wp.kernel
def damp_velocities(v: wp.array(dtype=float), k: float):
    """Multiplies every velocity
    by the damping factor `k`.

    The array is updated in place.
    """
    i = wp.tid()
    v[i] = v[i] * k
