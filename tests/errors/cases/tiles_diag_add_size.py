# Warp requires one diagonal entry per row of the square tile.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), d: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(4, 4))
    r = wp.tile_diag_add(t, wp.tile_load(d, shape=3))
    wp.tile_store(a, r)

# expect-error: 8:9: tile_diag_add() 'd' argument must have the same number of elements as the number of rows in 'a', got 3 elements in 'd' and 4 rows in 'a'
