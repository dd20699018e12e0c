import warp as wp


@wp.struct
class Particle:
    pos: wp.vec3
    mass: float


@wp.kernel
def k(ps: wp.array(dtype=Particle), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = ps[i].charge

# expect-error: 13:14: `charge` is not an attribute of 'ps[i]' (Particle)
