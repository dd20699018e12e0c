# `a -= b` between tiles of one shape but different dtypes (Warp's tile_sub_inplace): Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), n: wp.array(dtype=int)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(n, shape=8)
    a -= b

# expect-error: 9:5: Tile inplace arguments must have the same dtype, got <class 'warp._src.types.float32'> and <class 'warp._src.types.int32'>
