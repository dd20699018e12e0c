# tile_sort() of keys and values of different shapes: Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=int)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(y, shape=16)
    wp.tile_sort(a, b)

# expect-error: 9:5: tile_sort() shapes do not match on dimension 0, got (8,) and (16,)
