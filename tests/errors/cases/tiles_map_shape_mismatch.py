# Warp rejects tile_map of tiles of different shapes (tile_n_map_value_func names the arguments).
import warp as wp


@wp.func
def fma(a: float, b: float, c: float):
    return a * b + c


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_load(x, shape=8)
    c = wp.tile_load(x, shape=16)
    wp.tile_store(y, wp.tile_map(fma, a, b, c))

# expect-error: 15:22: tile_map() shapes do not match on dimension 0, got (8,) and (16,) for arguments 0 and 2
