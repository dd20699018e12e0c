# tile_argmin() is variadic, so Warp's overload matching checks no types: its value function
# rejects an argument that is not a tile (as do untile, tile_sum, tile_min, tile_transpose and
# tile_sort). warpsynth gives Warp's message instead of printing a call.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    i = wp.tid()
    m = wp.tile_argmin(i)

# expect-error: 10:9: tile_argmin() argument must be a tile, got <class 'warp._src.types.int32'>
