# Tiles from per-thread values (wp.tile, with and without preserve_type) and back (wp.untile),
# and tile_atomic_add (its result is a tile; skipped in the replay), forward and adjoint.
import warp as wp


@wp.kernel
def tile_from_threads(x: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22), out: wp.array(dtype=float)):
    i = wp.tid()
    xi = x[i]
    vi = v[i]
    a = wp.tile(xi)
    b = wp.tile(vi)
    c = wp.tile(vi, preserve_type=True)
    d = wp.tile(m[i] * 2.0)
    s = wp.tile_sum(a)
    wp.tile_store(out, s)
    w = wp.untile(b)
    y = wp.untile(a * 2.0)
    z = wp.untile(d)
    out[i] = w[0] + y + z[0, 1]
    wp.tile_store(v, c)


@wp.kernel
def tile_atomics(x: wp.array2d(dtype=float), acc: wp.array2d(dtype=float), hits: wp.array(dtype=int)):
    i, j = wp.tid()
    t = wp.tile_load(x, shape=(4, 8), offset=(i * 4, j * 8))
    old = wp.tile_atomic_add(acc, t, offset=(i * 4, 0))
    wp.tile_store(x, old, offset=(i * 4, j * 8), bounds_check=False)
    h = wp.tile_ones(shape=16, dtype=int, storage="shared")
    wp.tile_atomic_add(hits, h, bounds_check=False)
