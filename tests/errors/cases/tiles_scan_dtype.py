# The tile scans take tiles of float32, int32 or uint32 only (here float64): Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=wp.float64)):
    a = wp.tile_load(x, shape=16)
    wp.tile_store(x, wp.tile_scan_inclusive(a))

# expect-error: 8:22: tile_scan_inclusive() argument must be a tile of type float32, int32, or uint32, got <class 'warp._src.types.float64'>
