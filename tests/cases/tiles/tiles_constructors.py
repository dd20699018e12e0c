# Tile constructors: tile_arange (one, two or three bounds, counted at the output dtype: ints
# exactly, float32 rounded once; literals, wp.constant()s and locals), tile_randi / tile_randf
# (with and without bounds, which reach C++ as fresh constants, float bounds rounded to float32),
# tile_from_thread, and wp.tile / wp.untile of quaternions and of 1-D tiles of vectors and
# matrices, forward and adjoint.
import warp as wp

START = wp.constant(wp.int64(2))
STOP = wp.constant(wp.int64(9007199254740993))
STEP = wp.constant(wp.int64(9007199254740992))
F32_STOP = wp.constant(wp.float32(3.0000001))



@wp.kernel
def arange_counts(out_f: wp.array(dtype=float), out_i: wp.array2d(dtype=int), out_l: wp.array(dtype=wp.int64)):
    a = wp.tile_arange(16)
    b = wp.tile_arange(3, 19, dtype=int)
    c = wp.tile_arange(0, 10, 3, dtype=int)
    d = wp.tile_arange(10, 0, -3, dtype=wp.int32)
    e = wp.tile_arange(0.0, 0.3, 0.1)
    f = wp.tile_arange(0.0, F32_STOP, 0.99999999, dtype=wp.float32)
    g = wp.tile_arange(START, STOP, STEP, dtype=wp.int64)
    n = 13
    h = wp.tile_arange(n, dtype=wp.int64, storage="shared")
    wp.tile_store(out_f, a)
    wp.tile_store(out_i[0], b)
    wp.tile_store(out_i[1], c)
    wp.tile_store(out_i[2], d)
    wp.tile_store(out_f, e)
    wp.tile_store(out_f, f)
    wp.tile_store(out_l, g)
    wp.tile_store(out_l, h)


@wp.kernel
def arange_mixed_types(out_f: wp.array(dtype=float), out_d: wp.array(dtype=wp.float64), out_u: wp.array(dtype=wp.uint8)):
    a = wp.tile_arange(1, 2.5, 0.25)
    b = wp.tile_arange(0.5, 4, dtype=wp.float64)
    c = wp.tile_arange(5, 250, 7, dtype=wp.uint8)
    d = wp.tile_arange(-3.0e38, 3.0e38, 3.0e38, dtype=float)
    e = wp.tile_arange(2.0, 11.0, 3.0, dtype=wp.int16)
    wp.tile_store(out_f, a)
    wp.tile_store(out_d, b)
    wp.tile_store(out_u, c)
    wp.tile_store(out_f, d)


@wp.kernel
def arange_scaled(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=8, offset=i * 8)
    r = wp.tile_arange(8, dtype=float)
    wp.tile_store(y, t * r + r, offset=i * 8)


@wp.kernel
def random_tiles(seed: int, x: wp.array2d(dtype=int), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    rng = wp.rand_init(seed, i * 2 + j)
    a = wp.tile_randi(shape=(2, 4), rng=rng)
    b = wp.tile_randi((2, 4), rng, -5, 7)
    c = wp.tile_randf(shape=(2, 4), rng=rng)
    d = wp.tile_randf((2, 4), rng, 0.1, 2.5, storage="shared")
    e = wp.tile_randi(8, rng, storage="shared")
    f = wp.tile_randf(8, rng, min=-1.0, max=1.0)
    wp.tile_store(x, a + b, offset=(i * 2, j * 4))
    wp.tile_store(y, c * d, offset=(i * 2, j * 4))
    wp.tile_store(x[0], e)
    wp.tile_store(y[1], f)


@wp.kernel
def broadcast_from_thread(x: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=float), out_v: wp.array(dtype=wp.vec3)):
    i, lane = wp.tid()
    s = x[i]
    t = wp.tile_from_thread(shape=(16,), value=s, thread_idx=0)
    vi = v[i]
    u = wp.tile_from_thread(8, vi, 3, storage="shared")
    w = wp.tile_from_thread((2, 8), value=lane, thread_idx=1)
    wp.tile_store(out, t * 2.0)
    wp.tile_store(out_v, u)
    wp.tile_store(out, wp.tile_load(x, shape=16) + t)


@wp.kernel
def thread_values_composite(q: wp.array(dtype=wp.quat), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    qi = q[i]
    a = wp.tile(qi, preserve_type=True)
    vi = v[i]
    c = wp.tile(vi, preserve_type=True)
    mi = m[i]
    d = wp.tile(mi, preserve_type=True)
    wp.tile_store(q, a)
    q[i] = wp.untile(a)
    v[i] = wp.untile(c)
    m[i] = wp.untile(d)
