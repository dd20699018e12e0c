# `a += b` between tiles of different shapes (Warp's tile_add_inplace): Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(x, shape=16)
    a += b

# expect-error: 9:5: Tile inplace arguments must have the same shape, got (8,) and (16,)
