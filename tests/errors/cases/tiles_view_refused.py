# Tile views (slices, tile_view) are not modelled yet: warpsynth refuses them cleanly.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=8)
    wp.tile_store(y, t[2:6])

# expect-error: 8:24: tile slices are not supported by warpsynth
