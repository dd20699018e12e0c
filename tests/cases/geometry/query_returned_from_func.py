# A query returned by a @wp.func, iterated in the kernel (iter_next binds MeshQuery by erasure).
import warp as wp

@wp.func
def make(mesh: wp.uint64) -> wp.MeshQueryAABB:
    return wp.mesh_query_aabb(mesh, wp.vec3(0.0), wp.vec3(1.0))

@wp.kernel
def k(mesh: wp.uint64, out: wp.array(dtype=int)):
    q = make(mesh)
    n = int(0)
    for f in q:
        n += f
    out[0] = n
