# Warp rejects a tile slice that selects nothing.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    wp.tile_store(y, t[5:2, :])

# expect-error: 8:26: tile_view() slice produced an empty tile with shape (0, 4); zero-length tile dimensions are not supported.
