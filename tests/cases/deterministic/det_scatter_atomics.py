# Deterministic mode: scatter atomics on 1d and 2d float arrays become scatter records
# (WP_DET_SCATTER_OR_FALLBACK), with helpers numbered in the order targets appear.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def scatter_1d(vals: wp.array(dtype=float), idx: wp.array(dtype=int), total: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(total, idx[i], vals[i])
    wp.atomic_sub(total, 0, vals[i] * 0.5)


@wp.kernel
def extremes_2d(field: wp.array2d(dtype=float), lo: wp.array2d(dtype=float), hi: wp.array2d(dtype=float)):
    i, j = wp.tid()
    v = field[i, j]
    wp.atomic_min(lo, i % 2, j, v)
    wp.atomic_max(hi, i % 2, j, v)
    wp.atomic_max(hi, -1, j, v * v)


@wp.kernel
def augmented(src: wp.array(dtype=float), dst: wp.array(dtype=float), grid: wp.array3d(dtype=float)):
    tid = wp.tid()
    dst[tid % 4] += src[tid]
    dst[0] -= 2.0 * src[tid]
    grid[tid, 1, 2] += 1.0
