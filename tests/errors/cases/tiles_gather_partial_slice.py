# Warp gathers through an index tile only with whole slices on the other axes.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), i: wp.array(dtype=int), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    idx = wp.tile_load(i, shape=2)
    wp.tile_store(y, t[idx, 1:3])

# expect-error: 9:31: Tile indexing with an integer index tile requires ':' on all other axes
