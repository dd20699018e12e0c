# Warp reshapes only contiguous tiles: not a strided view.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    wp.tile_store(y, wp.tile_reshape(t[::2, :], shape=(16,)))

# expect-error: 8:22: tile_reshape() requires a contiguous tile; a tile view with shape (4, 4) and strides (8, 1) cannot be reshaped in place.
