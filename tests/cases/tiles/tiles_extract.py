# Reading one element of a tile, t[i] / t[i, j]: constant indices (negative ones wrapped at
# compile time), runtime indices (wrapped with where), chained brackets t[i][j], and the tile
# moved to shared memory (as tile_sum along an axis also does).
import warp as wp

TILE = 16


@wp.kernel
def tile_extract_elements(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=(4, TILE))
    s = wp.tile_sum(t)
    a = t[1, 2]
    b = t[-1, i]
    c = t[0][i]
    y[i] = a + b + c + s[0]


@wp.kernel
def tile_extract_int(x: wp.array(dtype=int), y: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(x, shape=TILE, storage="shared")
    y[i] = t[i] + t[-2]


@wp.kernel
def tile_sum_axes(x: wp.array2d(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(4, TILE))
    wp.tile_store(y, wp.tile_sum(t, axis=1))
    wp.tile_store(z, wp.tile_sum(t, 0))
