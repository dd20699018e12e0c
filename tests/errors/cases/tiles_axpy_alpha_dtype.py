# Warp rejects tile_axpy with an alpha of another scalar type than the tiles'.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(y, shape=8)
    wp.tile_axpy(wp.float64(2.0), a, b)
    wp.tile_store(y, b)

# expect-error: 9:5: tile_axpy() 'alpha' must match the tile's scalar type, got <class 'warp._src.types.float64'> for tile scalar type <class 'warp._src.types.float32'>
