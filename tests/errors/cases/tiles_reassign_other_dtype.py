# Warp lets a tile variable take a tile of another shape or storage, not of another dtype.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), i: wp.array(dtype=int), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=8, storage="shared")
    t = wp.tile_load(x, shape=16)
    t = wp.tile_load(i, shape=16)
    wp.tile_store(y, t)

# expect-error: 9:5: assigning to existing symbol t
