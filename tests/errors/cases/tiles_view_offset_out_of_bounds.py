# Warp checks a constant offset of an explicit tile_view against the axis (no wrapping).
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    wp.tile_store(y, wp.tile_view(t, offset=(8,)))

# expect-error: 8:22: tile_view() integer offset 8 is out of bounds for axis 0 with size 8
