# Warp rejects tile_map of a function with no overload for the tile's element type.
import warp as wp


@wp.kernel
def k(v: wp.array(dtype=wp.vec3), y: wp.array(dtype=wp.vec3)):
    t = wp.tile_load(v, shape=8)
    wp.tile_store(y, wp.tile_map(wp.sin, t))

# expect-error: 8:22: found for tile element type vec3f
