# Warp's tile_atomic_add needs an element type with atomic adds (not int8).
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=wp.int8), y: wp.array(dtype=wp.int8)):
    t = wp.tile_load(x, shape=8)
    wp.tile_atomic_add(y, t)

# expect-error: 8:5: tile_atomic_add() only supports tiles with [u]int32, [u]int64, float16, bfloat16, float32, or float64 as the underlying scalar type, but got int8
