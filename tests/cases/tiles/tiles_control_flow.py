# Tiles across control flow: a tile variable merged after an `if` (where() of tiles: a register
# operand's type, or a new shared tile), copies (`u = s`), dynamic for and while loops (tile
# adjoints reset with grad_zero()), reassignment with another shape or storage, whole-tile
# in-place updates (+=, -=, &=, |=, ^=), element-wise bitwise operators and print, forward and
# adjoint.
import warp as wp

TILE = 16


@wp.kernel
def branch_merge(x: wp.array(dtype=float), y: wp.array(dtype=float), flag: int):
    t = wp.tile_load(x, shape=TILE)
    s = wp.tile_load(x, shape=TILE, offset=TILE, storage="shared")
    if flag > 0:
        t = t * 2.0
        s = wp.tile_zeros(shape=TILE, dtype=float, storage="shared")
    else:
        t = -t
    u = s
    wp.tile_store(y, t + u)


@wp.kernel
def branch_shared_operands(x: wp.array(dtype=float), y: wp.array(dtype=float), flag: int):
    a = wp.tile_load(x, shape=TILE, storage="shared")
    b = wp.tile_load(y, shape=TILE, storage="shared")
    if flag > 0:
        a = b
    v = a
    wp.tile_store(y, v)


@wp.kernel
def branch_local(x: wp.array(dtype=float), y: wp.array(dtype=float), flag: int):
    if flag > 1:
        a = wp.tile_load(x, shape=TILE, storage="shared")
        wp.tile_store(y, a * a)
    elif flag > 0:
        b = wp.tile_ones(shape=TILE, dtype=float)
        wp.tile_store(y, b)


@wp.kernel
def loop_accumulate(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    acc = wp.tile_zeros(shape=TILE, dtype=float)
    sh = wp.tile_zeros(shape=TILE, dtype=float, storage="shared")
    for i in range(n):
        a = wp.tile_load(x, shape=TILE, offset=i * TILE)
        acc += a
        sh -= a * 0.5
        acc = acc * 0.9
    wp.tile_store(y, acc + sh)


@wp.kernel
def loop_reduce_rows(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    n = x.shape[1]
    s = wp.tile_zeros(shape=1, dtype=float)
    for j in range(n / TILE):
        a = wp.tile_load(x[i], shape=TILE, offset=j * TILE)
        s += wp.tile_sum(a) * 0.5
    wp.tile_store(y, s, offset=i)


@wp.kernel
def while_loop(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    i = int(0)
    s = wp.tile_zeros(shape=TILE, dtype=float)
    while i < n:
        a = wp.tile_load(x, shape=TILE, offset=i * TILE, storage="shared")
        s = s + a
        i += 1
    wp.tile_store(y, s)


@wp.kernel
def reassign_storage(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    a = wp.tile_empty(shape=TILE, dtype=float, storage="shared")
    a = wp.tile_load(x, shape=TILE)
    b = wp.tile_ones(shape=(2, 8), dtype=float)
    b = wp.tile_zeros(shape=(4, 4), dtype=float)
    for i in range(n):
        c = wp.tile_empty(shape=TILE, dtype=float)
        c = wp.tile_load(x, shape=TILE, offset=i * TILE)
        wp.tile_store(y, c, offset=i * TILE)
    wp.tile_store(y, a)
    print(a)
    wp.print(b)


@wp.kernel(enable_backward=False)
def bitwise(a: wp.array(dtype=wp.uint32), b: wp.array(dtype=wp.uint32), c: wp.array(dtype=wp.uint32), op: int):
    s1 = wp.tile_load(a, shape=32)
    s2 = wp.tile_load(b, shape=32, storage="shared")
    if op == 0:
        s1 &= s2
    elif op == 1:
        s1 |= s2
    else:
        s1 ^= s2
    s3 = (s1 & s2) | (s1 ^ s2)
    wp.tile_store(c, s3)


# Warp's tile types are shared Python objects: where() and a copy of register tiles keep their
# operand's, so moving one to shared memory (an element read, a reduction along an axis) moves
# the others too.
@wp.kernel
def shared_type_objects(x: wp.array(dtype=float), x2: wp.array2d(dtype=float), y: wp.array(dtype=float), flag: int):
    t = wp.tile_load(x, shape=TILE)
    if flag > 0:
        t = t * 2.0
    y[0] = t[3]
    u = t
    y[1] = u[2]
    m = wp.tile_load(x2, shape=(4, 8))
    for i in range(flag):
        m = m * 0.5
    wp.tile_store(y, wp.tile_sum(m, axis=1))
    wp.tile_store(y, wp.tile_reduce(wp.add, m, axis=0))


# len() of a local tile in wp.static(): its first extent.
@wp.kernel
def static_len(a: wp.array2d(dtype=float), out: wp.array(dtype=int)):
    x = wp.tile_load(a, shape=(8, 4))
    n = wp.static(len(x))
    out[0] = wp.static(len(x) * 2) + n
