# Warp has no tile_ones of a struct (tile_full with a value instead).
import warp as wp


@wp.struct
class P:
    m: float


@wp.kernel
def k(y: wp.array(dtype=P)):
    t = wp.tile_ones(8, dtype=P)
    wp.tile_store(y, t)

# expect-error: 12:9: tile_ones() does not support Warp struct dtypes; use tile_full() with an explicit value
