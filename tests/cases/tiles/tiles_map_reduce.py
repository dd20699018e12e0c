# tile_map with builtins and user functions (generic ones too), of one, two or more tiles and
# values, on scalar, vector and matrix tiles (non-differentiable operators have no adjoint);
# tile_reduce of a whole tile and along an axis (Warp's identities of add, mul, min, max; none for
# user functions), with builtins and user functions, on scalar and vector tiles; the fused
# tile_dot and tile_axpy; per-thread scatters (tile_scatter_add, tile_scatter_masked).
import warp as wp
from typing import Any

TILE_M = 8
TILE_N = 4


@wp.func
def sq(x: float):
    return x * x


@wp.func
def to_float(x: int) -> float:
    return wp.sin(float(x))


@wp.func
def combine(x: float, y: float, z: float):
    return x + y * z


@wp.func
def mixed(x: wp.mat33, y: wp.vec3, z: float):
    return wp.mul(x, y) * z


@wp.func
def generic_twice(x: Any):
    return x + x


@wp.func
def larger(a: float, b: float):
    return wp.max(a, b)


@wp.func
def vadd(a: wp.vec3, b: wp.vec3):
    return a + b


@wp.kernel
def map_builtins(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    a = wp.tile_load(x, shape=(TILE_M, TILE_N), offset=(i * TILE_M, j * TILE_N))
    b = wp.tile_map(wp.sin, a)
    c = wp.tile_map(wp.max, a, b)
    d = wp.tile_map(wp.mul, c, 2.0)
    e = wp.tile_map(sq, d)
    f = wp.tile_map(combine, a, e, b)
    g = wp.tile_map(generic_twice, f)
    wp.tile_store(y, g, offset=(i * TILE_M, j * TILE_N))


@wp.kernel(enable_backward=False)
def map_mixed(xi: wp.array2d(dtype=int), y: wp.array2d(dtype=float)):
    a = wp.tile_load(xi, shape=(TILE_M, TILE_N))
    wp.tile_store(y, wp.tile_map(to_float, a))


@wp.kernel
def map_vectors(
    m: wp.array(dtype=wp.mat33),
    v: wp.array(dtype=wp.vec3),
    s: wp.array(dtype=float),
    out: wp.array(dtype=wp.vec3),
    d: wp.array(dtype=float),
):
    mt = wp.tile_load(m, shape=TILE_M)
    vt = wp.tile_load(v, shape=TILE_M)
    st = wp.tile_load(s, shape=TILE_M)
    r = wp.tile_map(mixed, mt, vt, st)
    w = wp.tile_map(wp.add, r, wp.vec3(1.0, 2.0, 3.0))
    wp.tile_store(out, w)
    wp.tile_store(d, wp.tile_map(wp.dot, r, vt))
    wp.tile_store(d, wp.tile_map(wp.length, w))


@wp.kernel
def map_bits(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3i), out: wp.array(dtype=wp.vec3i)):
    ta = wp.tile_load(a, shape=TILE_M)
    tb = wp.tile_load(b, shape=TILE_M)
    wp.tile_store(out, wp.tile_map(wp.bit_and, ta, tb))


@wp.kernel
def reductions(
    x: wp.array2d(dtype=float), y: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), iy: wp.array(dtype=int), i2: wp.array2d(dtype=int)
):
    t = wp.tile_load(x, shape=(4, 8))
    wp.tile_store(y, wp.tile_reduce(wp.add, t))
    wp.tile_store(y, wp.tile_reduce(larger, t))
    wp.tile_store(y, wp.tile_reduce(wp.mul, t, axis=1))
    wp.tile_store(y, wp.tile_reduce(wp.min, t, axis=0))
    wp.tile_store(y, wp.tile_reduce(wp.max, t, axis=1))
    wp.tile_store(y, wp.tile_reduce(larger, t, axis=1))
    tv = wp.tile_load(v, shape=16)
    wp.tile_store(v, wp.tile_reduce(vadd, tv))
    wp.tile_store(v, wp.tile_reduce(wp.add, tv))
    ti = wp.tile_load(iy, shape=16)
    wp.tile_store(iy, wp.tile_reduce(wp.min, ti, axis=0))
    wp.tile_store(iy, wp.tile_reduce(wp.max, ti))
    tu = wp.tile_load(i2, shape=(2, 8))
    wp.tile_store(iy, wp.tile_reduce(wp.max, wp.tile_map(wp.abs, tu), axis=1))


# Fused operators: tile_dot (the sum of element-wise products: dot of vectors, ddot of matrices)
# and tile_axpy (dest += alpha * src in place), register and shared operands.
@wp.kernel
def fused(
    a: wp.array(dtype=float),
    b: wp.array(dtype=float),
    v: wp.array(dtype=wp.vec3),
    m: wp.array(dtype=wp.mat22),
    out: wp.array(dtype=float),
    alpha: float,
):
    ta = wp.tile_load(a, shape=16)
    tb = wp.tile_load(b, shape=16, storage="shared")
    wp.tile_store(out, wp.tile_dot(ta, tb))
    tv = wp.tile_load(v, shape=8)
    wp.tile_store(out, wp.tile_dot(tv, tv), offset=1)
    tm = wp.tile_load(m, shape=8)
    wp.tile_store(out, wp.tile_dot(tm, tm), offset=2)
    wp.tile_axpy(alpha, ta, tb)
    wp.tile_axpy(0.5, tv, tv)
    wp.tile_store(b, tb)
    wp.tile_store(v, tv)


# Per-thread scatters into a tile (moved to shared memory): atomic and not, 1-D and 2-D, masked.
@wp.kernel
def scatters(x: wp.array(dtype=float), y: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_zeros(shape=32, dtype=float)
    wp.tile_scatter_add(t, i % 32, x[i], (i % 2) == 0)
    wp.tile_scatter_add(t, 0, 1.0, True, atomic=False)
    m = wp.tile_zeros(shape=(4, 8), dtype=float, storage="shared")
    wp.tile_scatter_add(m, i % 4, i % 8, float(i), True)
    wp.tile_scatter_masked(t, i % 32, 2.0, i < 8)
    wp.tile_scatter_masked(m, 1, 2, x[i], True)
    wp.tile_store(out, t)
    wp.tile_store(y, m)
