import warp as wp

SCALE = 2.0


@wp.struct
class Particle:
    """A particle: a docstring and default values, which Warp's code ignores."""

    x: wp.vec3 = wp.vec3(1.0, 2.0, 3.0)
    m: float = 1.0 * SCALE
    n: int = 3


@wp.kernel
def particle_mass(p: wp.array(dtype=Particle), out: wp.array(dtype=float)):
    i = wp.tid()
    q = p[i]
    out[i] = q.m * float(q.n) + q.x[1]
