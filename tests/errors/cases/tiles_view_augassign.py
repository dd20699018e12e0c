# Warp rejects an augmented assignment to a view of a tile (a row here).
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    r = wp.tile_ones(shape=4, dtype=float)
    t[2] += r
    wp.tile_store(y, t)

# expect-error: 9:5: Compound assignment to a tile view (e.g. `t[a:b, :] += x` or `t[i] += x`) is not supported.
