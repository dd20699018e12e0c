# Warp rejects tile_scatter_add with fewer indices than the tile has dimensions.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_zeros(shape=(4, 8), dtype=float)
    wp.tile_scatter_add(t, i, x[i], True)
    wp.tile_store(y, t)

# expect-error: 9:5: tile_scatter_add: incorrect number of indices (1) for tile shape (4, 8)
