# Tile views and reorderings: tile_broadcast (leading and unit dimensions, 1-D to 4-D) and
# tile_transpose (both views of their argument, which Warp moves to shared memory), the scans,
# tile_argmin / tile_argmax, tile_sort (both tiles to shared memory), the bitwise operators
# between tiles, the in-place updates `a += b`, `a -= b`, `a &= b`, ... and `a *= 2.0` (which
# rebinds the name), forward and adjoint.
import warp as wp


@wp.kernel
def broadcast_add(x: wp.array(dtype=float), y: wp.array2d(dtype=float), z: wp.array3d(dtype=float), w: wp.array4d(dtype=float)):
    a = wp.tile_load(x, shape=1)
    b = wp.tile_broadcast(a, shape=(8,))
    wp.tile_store(x, b + wp.tile_load(x, shape=8))
    r = wp.tile_load(x, shape=10)
    m = wp.tile_broadcast(r, shape=(4, 10))
    wp.tile_store(y, m + wp.tile_load(y, shape=(4, 10)))
    c = wp.tile_load(z, shape=(4, 10, 1), storage="shared")
    d = wp.tile_broadcast(c, (4, 10, 6))
    wp.tile_store(z, d)
    e = wp.tile_load(w, shape=(4, 1, 5, 1))
    f = wp.tile_broadcast(e, shape=(4, 3, 5, 2))
    wp.tile_store(w, f * 2.0)


@wp.kernel
def transpose_views(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), z: wp.array2d(dtype=wp.float64)):
    a = wp.tile_load(x, shape=(8, 4))
    t = wp.tile_transpose(a)
    wp.tile_store(y, t)
    b = wp.tile_load(z, shape=(4, 8), storage="shared")
    u = wp.tile_transpose(b)
    v = wp.tile_transpose(u)
    wp.tile_store(z, v)


@wp.kernel
def scans_and_indices(x: wp.array(dtype=float), n: wp.array(dtype=int), u: wp.array(dtype=wp.uint32), out: wp.array(dtype=int)):
    a = wp.tile_load(x, shape=32)
    b = wp.tile_load(n, shape=32)
    c = wp.tile_load(u, shape=32)
    s0 = wp.tile_scan_inclusive(a)
    s1 = wp.tile_scan_exclusive(b)
    s2 = wp.tile_scan_max_inclusive(c)
    s3 = wp.tile_scan_min_inclusive(a)
    wp.tile_store(x, s0 + s3)
    wp.tile_store(n, s1)
    wp.tile_store(u, s2)
    lo = wp.tile_argmin(a)
    hi = wp.tile_argmax(b)
    wp.tile_store(out, lo)
    wp.tile_store(out, hi, offset=1)


@wp.kernel
def sort_pairs(keys: wp.array(dtype=float), values: wp.array(dtype=int), lk: wp.array(dtype=wp.int64)):
    k = wp.tile_load(keys, shape=64)
    v = wp.tile_load(values, shape=64)
    wp.tile_sort(k, v)
    wp.tile_store(keys, k)
    wp.tile_store(values, v)
    l = wp.tile_load(lk, shape=16, storage="shared")
    i = wp.tile_arange(16, dtype=int)
    wp.tile_sort(l, i)
    wp.tile_store(lk, l)


@wp.kernel
def bitwise_tiles(a: wp.array(dtype=wp.uint32), b: wp.array(dtype=wp.uint32), c: wp.array(dtype=int)):
    i = wp.tid()
    s1 = wp.tile_load(a, shape=32, offset=i * 32)
    s2 = wp.tile_load(b, shape=32, offset=i * 32)
    x = s1 & s2
    y = s1 | s2
    z = x ^ y
    s1 &= s2
    s1 |= z
    s1 ^= y
    wp.tile_store(a, s1, offset=i * 32)
    t = wp.tile_load(c, shape=32)
    t ^= wp.tile_ones(32, dtype=int)
    wp.tile_store(c, t)


@wp.kernel
def inplace_updates(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a = wp.tile_load(x, shape=(4, 8), offset=(i * 4, 0))
    b = wp.tile_load(y, shape=(4, 8), offset=(i * 4, 0), storage="shared")
    a += b
    b -= a
    a -= wp.tile_ones(shape=(4, 8), dtype=float)
    a *= 2.0
    wp.tile_store(y, a, offset=(i * 4, 0))
    wp.tile_store(x, b, offset=(i * 4, 0))
    p = wp.tile_load(v, shape=16)
    q = wp.tile_load(v, shape=16, offset=16)
    p += q
    wp.tile_store(v, p)
