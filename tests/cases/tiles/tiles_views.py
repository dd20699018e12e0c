# Views of tiles and element access: t[i] (a row view), slices t[a:b, ::c] (negative steps,
# open and out-of-range bounds), explicit tile_view with and without a shape, tile_squeeze,
# tile_reshape (with -1), views of views, a gather t[idx, :] through an index tile, and
# elements of tiles of vectors and matrices t[i, c], t[i, r, c], t[i][r] (component, entry, row).
import warp as wp

M = 4
N = 8


@wp.kernel
def rows_and_slices(a: wp.array2d(dtype=float), v: wp.array(dtype=float), w: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(M, N))
    wp.tile_store(v, t[2])
    wp.tile_store(v, t[i])
    wp.tile_store(w, t[1:3, ::2])
    wp.tile_store(w, t[::-1, -3:])
    wp.tile_store(v, t[-1, 1:100])
    wp.tile_store(v, t[:, 5])
    wp.tile_store(w, t[10:-10:-1, :2])
    wp.tile_store(v, t[1][2:6])
    wp.tile_store(v, t[::2][1])


@wp.kernel
def explicit_views(a: wp.array3d(dtype=float), v: wp.array(dtype=float), w: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(1, M, N), storage="shared")
    x = wp.tile_view(t, offset=(0, 1, i), shape=(1, 2, 4))
    s = wp.tile_squeeze(x)
    wp.tile_store(w, s)
    wp.tile_store(w, wp.tile_squeeze(t, axis=(0,)))
    r = wp.tile_reshape(t, shape=(-1, 4))
    wp.tile_store(w, r)
    q = wp.tile_reshape(r, shape=(32,))
    wp.tile_store(v, q)
    y = wp.tile_view(t, offset=(0, 2))
    wp.tile_store(v, y)
    wp.tile_store(v, wp.tile_view(t[0], offset=(slice(1, -1, 2), 3)))


@wp.kernel
def gathers(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), w: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N))
    k = wp.tile_load(idx, shape=3)
    wp.tile_store(w, t[k, :])
    wp.tile_store(w, t[:, k])
    wp.tile_store(w, t[1:3][:, k])


@wp.kernel
def composite_elements(
    v: wp.array(dtype=wp.vec3), m: wp.array2d(dtype=wp.mat22), out: wp.array(dtype=float), rows: wp.array(dtype=wp.vec2)
):
    i = wp.tid()
    tv = wp.tile_load(v, shape=N)
    tm = wp.tile_load(m, shape=(2, N))
    a = tv[i, 1]
    b = tv[-1][2]
    c = tm[1, i, 0, 1]
    r = tm[0, 3, 1]
    e = tm[1, 2][0]
    out[i] = a + b + c + r[0] + e[1]
    rows[i] = tm[0][1][i] + r
