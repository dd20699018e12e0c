# Warp rejects tile_reduce along an axis the tile does not have.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(4, 8))
    wp.tile_store(y, wp.tile_reduce(wp.add, t, axis=2))

# expect-error: 8:22: tile_reduce() axis 2 is out of bounds for tile with 2 dimensions
