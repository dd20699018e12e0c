# tile_arange() bounds must be compile-time constants: a local assigned a module constant is a
# copy, not a constant, in Warp (a literal assigned to a local stays one). Warp's message.
import warp as wp

STOP = 13


@wp.kernel
def k(out: wp.array(dtype=int)):
    n = STOP
    t = wp.tile_arange(0, n, dtype=int)
    wp.tile_store(out, t)

# expect-error: 11:9: tile_arange() arguments must be compile time constants, but stop is not
