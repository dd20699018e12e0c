# Warp rejects element-wise operators between tiles of different shapes (its
# tile_binary_map_value_func); warpsynth gives Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(x, shape=16)
    wp.tile_store(y, a + b)

# expect-error: 10:22: tile_map() shapes do not match on dimension 0, got (8,) and (16,)
