# wp.mesh_get: the wp::Mesh value and its array fields points, velocities and indices (read,
# stored into, atomically updated, their shape), reassigned in branches and loops, returned
# from a @wp.func and held in a tuple.
import warp as wp


@wp.func
def get_mesh(i: wp.uint64):
    return wp.mesh_get(i)


@wp.kernel(enable_backward=False)
def read_indices(mesh_id: wp.uint64, out_indices: wp.array[int]):
    tid = wp.tid()
    mesh = wp.mesh_get(mesh_id)
    out_indices[tid * 3 + 0] = mesh.indices[tid * 3 + 0]
    out_indices[tid * 3 + 1] = mesh.indices[tid * 3 + 1]


@wp.kernel
def points_and_velocities(mesh_id: wp.uint64, out: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    mesh = wp.mesh_get(mesh_id)
    mesh.points[tid] = out[tid]
    wp.mesh_get(mesh_id).velocities[tid] = out[tid] * 2.0
    out[tid] = wp.mesh_get(mesh_id).points[0] + float(mesh.indices[tid]) * wp.vec3(1.0)
    wp.atomic_add(mesh.velocities, tid, out[tid])
    n = mesh.indices.shape[0]
    out[0] = wp.vec3(float(n)) + get_mesh(mesh_id).points[tid]


@wp.kernel
def reassigned(mesh_id: wp.uint64, out: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    mesh = wp.mesh_get(mesh_id)
    m2 = mesh
    if tid > 0:
        m2 = wp.mesh_get(mesh_id + wp.uint64(1))
    out[tid] = m2.points[tid] + mesh.velocities[tid]
    for i in range(3):
        mesh = wp.mesh_get(mesh_id)
    t = (mesh, tid)
    out[tid] += t[0].points[t[1]]
