# Tiles: tile_load / tile_store (1-D and 2-D, register and shared storage, offsets as ints,
# tuples or left out), creation (tile_zeros, tile_ones, tile_full, tile_empty), element-wise
# operators and reductions to a one-element tile, forward and adjoint.
import warp as wp

TILE = 32
TILE_M = wp.constant(8)
TILE_N = 4


@wp.kernel
def tile_load_sum(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=TILE, offset=i * TILE)
    s = wp.tile_sum(t)
    wp.tile_store(y, s, offset=i)


@wp.kernel
def tile_2d_arithmetic(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    a = wp.tile_load(x, shape=(TILE_M, TILE_N), offset=(i * TILE_M, j * TILE_N))
    b = wp.tile_load(x, shape=(TILE_M, TILE_N), offset=(i, j), storage="shared")
    c = a + b * 2.0
    d = -c - 0.5 * a / b
    z = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=float)
    o = wp.tile_ones(shape=(TILE_M, TILE_N), dtype=wp.float32, storage="shared")
    f = wp.tile_full(shape=(TILE_M, TILE_N), value=2.0)
    wp.tile_store(y, d + z - o * f, offset=(i * TILE_M, j * TILE_N))


@wp.kernel
def tile_reductions(x: wp.array(dtype=wp.vec3), m: wp.array(dtype=float), out: wp.array(dtype=wp.vec3)):
    t = wp.tile_load(x, shape=16, bounds_check=False)
    wp.tile_store(out, wp.tile_sum(t))
    s = wp.tile_load(m, shape=8, storage="shared", aligned=True)
    wp.tile_store(m, wp.tile_max(s), offset=1)
    wp.tile_store(m, wp.tile_min(s), offset=2, bounds_check=False)
    e = wp.tile_empty(shape=4, dtype=wp.vec3)
    k = wp.tile_zeros(shape=4)
    wp.tile_store(out, e, offset=4)
    wp.tile_store(m, k)
