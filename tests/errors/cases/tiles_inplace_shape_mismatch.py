# Warp rejects an in-place update of a tile by a tile of another shape.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(x, shape=16)
    a += b
    wp.tile_store(y, a)

# expect-error: 9:5: Tile inplace arguments must have the same shape, got (8,) and (16,)
