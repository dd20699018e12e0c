# Warp rejects assigning a value that is not a tile into a row or a slice of a tile.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(8, 4))
    t[1] = 2.0
    wp.tile_store(y, t)

# expect-error: 8:5: Tile view assignment requires a tile of matching shape on the right-hand side
