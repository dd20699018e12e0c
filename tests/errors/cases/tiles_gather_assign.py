# Warp does not assign through an index tile (t[idx, :] = src).
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), i: wp.array(dtype=int), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    idx = wp.tile_load(i, shape=2)
    s = wp.tile_zeros(shape=(2, 4), dtype=float)
    t[idx, :] = s
    wp.tile_store(y, t)

# expect-error: 10:5: Advanced-index assignment on tiles
