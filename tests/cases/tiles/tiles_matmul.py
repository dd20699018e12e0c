# Tiles: tile_matmul as Warp emits it without MathDx (the scalar GEMM): the accumulating form
# tile_matmul(a, b, out) with and without alpha/beta, the returning form c = tile_matmul(a, b),
# mixed precisions, operands that are results of other tile operations, forward and adjoint.
import warp as wp

TILE_M = wp.constant(8)
TILE_N = 4
TILE_K = 8


@wp.kernel
def matmul_accumulate(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    i, j = wp.tid()
    ta = wp.tile_load(a, shape=(TILE_M, TILE_K), offset=(i * TILE_M, 0))
    tb = wp.tile_load(b, shape=(TILE_K, TILE_N), offset=(0, j * TILE_N))
    acc = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=float)
    wp.tile_matmul(ta, tb, acc)
    wp.tile_matmul(ta, tb, acc, alpha=0.5, beta=2.0)
    wp.tile_store(c, acc, offset=(i * TILE_M, j * TILE_N))


@wp.kernel
def matmul_return(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float), s: float):
    ta = wp.tile_load(a, shape=(TILE_M, TILE_K), storage="shared")
    tb = wp.tile_load(b, shape=(TILE_K, TILE_N))
    tc = wp.tile_matmul(ta, tb)
    td = wp.tile_matmul(ta * 2.0, tb + tb, alpha=s)
    e = wp.tile_matmul(ta, tb, alpha=2.0, precision="tf32")
    wp.tile_store(c, tc + td - e)


@wp.kernel
def matmul_mixed(
    a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float32), c: wp.array2d(dtype=wp.float64), beta: float
):
    ta = wp.tile_load(a, shape=(4, 2))
    tb = wp.tile_load(b, shape=(2, 3))
    tc = wp.tile_load(c, shape=(4, 3))
    wp.tile_matmul(ta, tb, tc, alpha=1.5, beta=beta)
    wp.tile_store(c, tc)
    h = wp.tile_matmul(ta, wp.tile_load(a, shape=(2, 4)))
    wp.tile_store(a, h)


@wp.kernel
def matmul_double(a: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(3, 3))
    sq = wp.tile_matmul(t, t)
    out = wp.tile_ones(shape=(3, 3), dtype=wp.float64, storage="shared")
    wp.tile_matmul(sq, t, out, beta=wp.float64(0.0))
    wp.tile_store(c, out)


@wp.kernel
def matmul_unrolled(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    # an unrolled loop rebinds the operands after tile_matmul moved them to shared memory
    acc = wp.tile_zeros(shape=(4, 4), dtype=float)
    for k in range(3):
        ta = wp.tile_load(a, shape=(4, 2), offset=(0, k * 2))
        tb = wp.tile_load(b, shape=(2, 4), offset=(k * 2, 0))
        wp.tile_matmul(ta, tb, acc)
        acc = acc + wp.tile_matmul(ta, tb)
    wp.tile_store(c, acc)
