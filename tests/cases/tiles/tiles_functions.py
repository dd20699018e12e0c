# Tiles in @wp.func: tile parameters (wp.tile[dtype, M, N], wp.tile[dtype, (M, N)], Literal[N],
# the generic wp.tile[dtype] and Any), which Warp passes as C++ template parameters; tiles made,
# updated in place, branched on and looped over inside functions; tiles returned (alone or with
# another value); a native function taking a tile; forward and adjoint.
import warp as wp
from typing import Any, Literal

M = 4
N = wp.constant(8)


@wp.func
def scale(t: wp.tile[float, M, N], s: float):
    return t * s


@wp.func
def passthrough(t: wp.tile[float, Literal[4], Literal[8]]) -> wp.tile[float, Literal[4], Literal[8]]:
    return t


@wp.func
def identity(t: wp.tile[float]) -> wp.tile[float]:
    return t


@wp.func
def add_tiles(a: wp.tile[float, (M, N)], b: wp.tile[float, M, N]):
    return a + b


@wp.func
def accumulate(a: wp.tile[float, M, N], b: wp.tile[float, M, N]):
    a += b


@wp.func
def chain(t: wp.tile[float, M, N]):
    s = scale(t, 2.0)
    return passthrough(s)


@wp.func
def load_shared(x: wp.array2d(dtype=float), i: int):
    t = wp.tile_load(x, shape=(M, N), offset=(i * M, 0), storage="shared")
    return t * 1.5


@wp.func
def total(t: wp.tile[float]):
    return wp.tile_sum(t)


@wp.func
def twice(v: Any):
    return v + v


@wp.func
def pick(t: wp.tile[float, M, N], flag: int, n: int):
    r = t * 1.0
    if flag > 0:
        r = -r
    for k in range(n):
        r += t
    return r, flag + n


@wp.func_native(
    """
    out[0] = tile_extract(t, 1, 2);
    """
)
def native_store(t: wp.tile[float, M, N], out: wp.array(dtype=float)): ...


@wp.kernel
def use_functions(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), s: wp.array(dtype=float), n: int):
    i = wp.tid()
    a = wp.tile_load(x, shape=(M, N), offset=(i * M, 0), storage="shared")
    b = wp.tile_load(x, shape=(M, N), offset=(i * M, 0))
    c = scale(a, 3.0)
    d = add_tiles(a, b)
    accumulate(c, d)
    e = chain(b)
    f = identity(e)
    g = identity(a)
    h = load_shared(x, i)
    p, k = pick(b, i, n)
    w = twice(p)
    wp.tile_store(y, c + f + g + h + w, offset=(i * M, 0))
    wp.tile_store(s, total(b), offset=i)
    wp.tile_store(s, total(wp.tile_load(s, shape=16)), offset=k)


@wp.kernel(enable_backward=False)
def use_native(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(M, N), storage="shared")
    native_store(t, y)
    native_store(scale(t, 2.0), y)


@wp.func
def first(t: wp.tile[float, M, N]):
    return t[0, 1]


@wp.func
def first_any(t: wp.tile[float]):
    return t[1, 0]


@wp.func
def made(x: wp.array2d(dtype=float)):
    return wp.tile_load(x, shape=(M, N)) * 2.0


# An element read moves a tile to shared memory by changing its type object, which a parameter
# shares with its annotation (or, for wp.tile[dtype], the caller's argument), and a call's result
# with the callee's return variable.
@wp.kernel
def shared_type_objects(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=(M, N))
    u = wp.tile_load(x, shape=(M, N), offset=(M, 0))
    y[0] = first(t) + first_any(u)
    v = made(x)
    y[1] = v[1, 1]
    wp.tile_store(y, total(made(x)))
