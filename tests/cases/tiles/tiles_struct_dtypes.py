# Tiles of structs, quaternions and transforms: loads, stores and atomic adds of struct arrays
# (Warp adds tile helpers to the struct: -=, unary -, atomic_add, warp shuffles), tiles made
# full of a struct or a quaternion, elements written and updated in place, wp.tile() of
# quaternions (kept whole: Warp's code for a spread quaternion does not compile), transforms and
# structs, and untile of a tile that kept its element type.
import warp as wp

BLOCK = 8


@wp.struct
class Particle:
    mass: wp.float32
    vel: wp.vec3
    tag: wp.int8


@wp.struct
class Cell:
    p: Particle
    weight: wp.float64


@wp.kernel
def particles_copy(src: wp.array(dtype=Particle), dst: wp.array(dtype=Particle), acc: wp.array(dtype=Particle)):
    b = wp.tid()
    t = wp.tile_load(src, shape=BLOCK, offset=b * BLOCK)
    wp.tile_store(dst, t, offset=b * BLOCK)
    wp.tile_atomic_add(acc, t)


@wp.kernel
def cells_shared(src: wp.array(dtype=Cell), dst: wp.array(dtype=Cell)):
    t = wp.tile_load(src, shape=BLOCK, storage="shared")
    u = t + t
    wp.tile_store(dst, u - t)


@wp.kernel
def particles_write(src: wp.array(dtype=Particle), dst: wp.array(dtype=Particle)):
    _b, j = wp.tid()
    fill = Particle()
    fill.mass = 2.0
    t = wp.tile_full(BLOCK, value=fill, dtype=Particle, storage="shared")
    z = wp.tile_zeros(BLOCK, dtype=Particle, storage="shared")
    z[j] = src[j]
    z[0] += fill
    z[1] -= fill
    wp.tile_store(dst, z)
    wp.tile_store(dst, t)


@wp.kernel
def rotations(q: wp.array(dtype=wp.quat), x: wp.array(dtype=wp.transform), out: wp.array(dtype=wp.quat)):
    i = wp.tid()
    a = wp.tile_load(q, shape=BLOCK)
    b = wp.tile_ones(BLOCK, dtype=wp.quat)
    c = wp.tile_full(BLOCK, value=wp.quat_identity(), dtype=wp.quat)
    wp.tile_store(out, a + b + c)
    tx = wp.tile_load(x, shape=BLOCK, storage="shared")
    e = tx[3]
    q0 = q[i]
    p = wp.tile(q0, preserve_type=True)
    out[i] = wp.untile(p) + wp.transform_get_rotation(e) + q0


@wp.kernel
def thread_values(x: wp.array(dtype=wp.transform), c: wp.array(dtype=Particle), y: wp.array(dtype=Particle)):
    i = wp.tid()
    xi = x[i]
    t = wp.tile(xi)
    ci = c[i]
    u = wp.tile(ci, preserve_type=True)
    y[i] = wp.untile(u)
    wp.tile_store(x, t)


@wp.kernel
def struct_scatter(src: wp.array(dtype=Particle), dst: wp.array(dtype=Particle)):
    _b, lane = wp.tid()
    p = src[lane]
    total = wp.tile_zeros(shape=1, dtype=Particle, storage="shared")
    wp.tile_scatter_add(total, 0, p, lane < 4)
    each = wp.tile_zeros(shape=BLOCK, dtype=Particle, storage="shared")
    wp.tile_scatter_add(each, lane, p, True, atomic=False)
    one = wp.tile_from_thread(shape=BLOCK, value=p, thread_idx=2, storage="shared")
    dst[lane] = wp.tile_extract(each, lane)
    dst[0] = total[0]
    wp.tile_store(dst, one)
