# Warp rejects assigning a tile into a view of another shape.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4), storage="shared")
    s = wp.tile_ones(shape=(3, 4), dtype=float)
    t[0:2, :] = s
    wp.tile_store(y, t)

# expect-error: 9:5: Tile view assignment shape mismatch: destination view has shape (2, 4) but source has shape (3, 4).
