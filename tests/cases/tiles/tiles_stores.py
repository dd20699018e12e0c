# Stores into tiles: t[i, j] = x (assign), rows and slices assigned from tiles (a view and
# tile_assign), tile_assign with and without an offset, element updates t[i, j] += x (in
# place) and *= (read, multiply, assign), whole tiles a += b / a -= b in place, a tile name
# rebound to a tile of another shape, vector components and matrix rows written, and the
# gathers and scatters through an index tile (tile_load_indexed, tile_store_indexed,
# tile_atomic_add_indexed).
import warp as wp

M = 4
N = 8


@wp.kernel
def element_stores(a: wp.array2d(dtype=float), w: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(M, N))
    t[0, 1] = 2.0
    t[1, i] = a[0, i]
    t[-1, -1] = t[0, 0]
    t[2, 3] += 1.0
    t[3, i] -= 2.0
    t[1, 1] *= 3.0
    wp.tile_store(w, t)


@wp.kernel
def view_stores(a: wp.array2d(dtype=float), w: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N), storage="shared")
    z = wp.tile_zeros(shape=(M, N), dtype=float)
    r = z[1]
    t[2] = r
    t[1:3, 0:4] = z[0:2, 4:8]
    t[::2, 1] = t[1::2, 0]
    s = wp.tile_ones(shape=(2, 2), dtype=float)
    wp.tile_assign(t, s)
    wp.tile_assign(t, s, offset=(1, 5))
    wp.tile_store(w, t)


@wp.kernel
def whole_updates(a: wp.array2d(dtype=float), b: wp.array2d(dtype=int), w: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N))
    u = wp.tile_load(a, shape=(M, N), offset=(M, 0), storage="shared")
    t += u
    u -= t
    t *= 2.0
    k = wp.tile_load(b, shape=(M, N))
    k2 = wp.tile_ones(shape=(M, N), dtype=int)
    k &= k2
    k |= k2
    k ^= k2
    wp.tile_store(w, t)
    t = wp.tile_zeros(shape=(2, N), dtype=float, storage="shared")
    wp.tile_store(w, t)


@wp.kernel
def composite_stores(v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    tv = wp.tile_load(v, shape=N)
    tm = wp.tile_load(m, shape=N)
    tv[i] = v[0]
    tv[1, 2] = 5.0
    tv[2] += v[1]
    tm[3, 1] = wp.vec3(1.0, 2.0, 3.0)
    tm[i, 0, 2] = 4.0
    tm[0] -= m[2]
    wp.tile_store(v, tv)
    wp.tile_store(m, tm)


@wp.kernel
def indexed(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), w: wp.array2d(dtype=float)):
    i = wp.tid()
    k = wp.tile_load(idx, shape=M)
    t = wp.tile_load_indexed(a, indices=k, shape=(M, N), axis=0)
    u = wp.tile_load_indexed(a, indices=k, shape=(N, M), offset=(i, 0), axis=1, storage="shared")
    wp.tile_store_indexed(w, indices=k, t=t, axis=0)
    wp.tile_store_indexed(w, k, u, offset=(0, i), axis=1)
    old = wp.tile_atomic_add_indexed(w, indices=k, t=t, axis=0)
    wp.tile_store(w, old)


@wp.kernel
def scatters(a: wp.array2d(dtype=float), h: wp.array2d(dtype=wp.float16), w: wp.array2d(dtype=float)):
    _b, lane = wp.tid()
    t = wp.tile_zeros(shape=(M, N), dtype=float)
    wp.tile_scatter_masked(t, 1, lane, a[0, lane], lane < N)
    wp.tile_scatter_add(t, 2, lane % N, 1.0, True)
    c = wp.tile_from_thread((M, N), a[1, lane], 0)
    x = wp.tile_load(a, shape=(M, N))
    wp.tile_store(h, wp.tile_astype(x, wp.float16))
    wp.tile_store(w, wp.tile_astype(wp.tile_astype(x, dtype=wp.float64), float) + c + t)
