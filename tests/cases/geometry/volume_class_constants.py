# wp.Volume's integer class constants (CLOSEST, LINEAR, REBUILD_*) read in kernels and
# functions, directly, through a module-level alias and through wp.constant. Warp evaluates
# a constant argument of a builtin twice (two `const` variables).
import warp as wp

SAMPLING = wp.Volume.LINEAR
NEAREST = wp.constant(wp.Volume.CLOSEST)


@wp.func
def sample_both(vol: wp.uint64, p: wp.vec3) -> float:
    return wp.volume_sample_f(vol, p, wp.Volume.CLOSEST) + wp.volume_sample(vol, p, SAMPLING, dtype=wp.float32)


@wp.kernel
def read_constants(vol: wp.uint64, pts: wp.array(dtype=wp.vec3), status: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    g = wp.vec3(0.0)
    a = wp.volume_sample_grad_f(vol, p, wp.Volume.LINEAR, g)
    out[i] = a + sample_both(vol, p) + wp.volume_sample_f(vol, p, NEAREST) + g[0]
    if status[i] == wp.Volume.REBUILD_SUCCESS:
        status[i] = wp.Volume.REBUILD_VOXEL_CAPACITY_EXCEEDED | wp.Volume.REBUILD_INVALID_INPUT
    mode = wp.Volume.LINEAR
    if i > 3:
        mode = wp.Volume.CLOSEST
    out[i] += wp.volume_sample_f(vol, p, mode) + float(wp.Volume._NANOVDB_NAME_SIZE)
