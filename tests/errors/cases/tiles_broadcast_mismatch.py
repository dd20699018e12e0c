# tile_broadcast() to a shape that a dimension of the tile neither equals nor is 1 in: Warp's
# message names the dimension and the target index.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float)):
    a = wp.tile_load(x, shape=(3, 4))
    b = wp.tile_broadcast(a, shape=(2, 6, 4))
    wp.tile_store(x, b[0])

# expect-error: 9:9: tile_broadcast() cannot broadcast dimension 3 into 6 at index 1
