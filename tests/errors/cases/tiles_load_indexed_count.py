# Warp needs as many indices as the loaded tile's extent along the axis.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=float), i: wp.array(dtype=int), y: wp.array2d(dtype=float)):
    idx = wp.tile_load(i, shape=3)
    t = wp.tile_load_indexed(x, indices=idx, shape=(4, 4), axis=0)
    wp.tile_store(y, t)

# expect-error: 8:9: The number of elements in the 1D indices tile must match the output tile shape along the specified axis.
