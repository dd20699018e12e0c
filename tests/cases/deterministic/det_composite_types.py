# Deterministic mode on vector, matrix, float64 and float16 arrays: the scatter buffers take the
# element type, and reads of those arrays scatter their gradient in the backward kernel.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.GPU_TO_GPU})


@wp.kernel
def splat_vectors(pos: wp.array(dtype=wp.vec3), cell: wp.array(dtype=int), forces: wp.array2d(dtype=wp.vec3)):
    p = wp.tid()
    x = pos[p]
    forces[cell[p], 0] += x
    wp.atomic_sub(forces, cell[p], 1, wp.normalize(x))


@wp.kernel
def stresses(
    strain: wp.array(dtype=wp.mat22),
    out: wp.array(dtype=wp.mat22),
    energy: wp.array(dtype=wp.float64),
    peak: wp.array(dtype=wp.float64),
):
    e = wp.tid()
    s = strain[e]
    out[e % 3] += s * 2.0
    wp.atomic_add(energy, 0, wp.float64(wp.trace(s)))
    wp.atomic_max(peak, 1, wp.float64(wp.determinant(s)))


@wp.kernel
def halves(h: wp.array(dtype=wp.float16), acc: wp.array(dtype=wp.float16), q: wp.array(dtype=wp.quat)):
    i = wp.tid()
    acc[0] += h[i]
    wp.atomic_add(q, 0, wp.quat_identity())
