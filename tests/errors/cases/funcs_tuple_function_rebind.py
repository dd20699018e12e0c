# Unpacking functions into names: Warp reads the type of a name bound before, which a function lacks.
import warp as wp


@wp.func
def one() -> float:
    return 1.0


@wp.kernel
def k(out: wp.array(dtype=float)):
    f = 2.0
    f, g = one, one
    out[0] = g()

# expect-error: 13:5: cannot bind 'f', a name bound before, to a function
