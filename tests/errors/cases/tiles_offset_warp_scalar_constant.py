# A tile offset whose element is a Warp scalar constant (wp.constant(wp.int32(7)), here through
# wp.static): Warp hands a tuple's constant elements to the call as they are, and only a Python
# number becomes a constant there; Warp fails with "'int32' object has no attribute 'label'".
import warp as wp

COLUMN = wp.constant(wp.int32(7))
TILE_M = wp.constant(8)


@wp.kernel
def k(input: wp.array2d[float], output: wp.array2d[float]):
    i = wp.tid()
    t = wp.tile_load(input, shape=(TILE_M, 4), offset=(i * TILE_M, 0))
    wp.tile_store(output, t, offset=(i * TILE_M, wp.static(COLUMN)))

# expect-error: 14:5: 'int32' object has no attribute 'label'
