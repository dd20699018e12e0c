# Query kinds selected at runtime: an if/else merge (where) of sibling kinds decays to the erased
# parent (BvhQuery, MeshQuery), and a @wp.func typed with the parent accepts any kind in Warp's
# second matching pass (an exact MeshQueryAABB overload wins over the parent one).
import warp as wp


@wp.func
def collect_bvh_hits(query: wp.BvhQuery, hits: wp.array[int]):
    n = int(0)
    while wp.bvh_query_next(query, n):
        hits[n] = 1


@wp.func
def collect_mesh_hits(query: wp.MeshQuery, hits: wp.array[int]):
    face = int(0)
    while wp.mesh_query_next(query, face):
        hits[face] = 1


@wp.func
def collect_mesh_aabb_hits(query: wp.MeshQueryAABB, hits: wp.array[int]):
    face = int(0)
    while wp.mesh_query_next(query, face):
        hits[face] = 2


@wp.kernel
def runtime_kind(bvh: wp.uint64, mesh: wp.uint64, use_ray: bool, lower: wp.vec3, upper: wp.vec3, hits: wp.array[int]):
    if use_ray:
        query = wp.bvh_query_ray(bvh, lower, upper)
    else:
        query = wp.bvh_query_aabb(bvh, lower, upper)
    n = int(0)
    while wp.bvh_query_next(query, n):
        hits[n] = 1
    if use_ray:
        q2 = wp.bvh_query_capsule(bvh, lower, upper - lower, 0.5)
    else:
        q2 = wp.bvh_query_sphere(bvh, lower, 0.5)
    while wp.bvh_query_next(q2, n, 1.0):
        hits[n] = 2
    if use_ray:
        mq = wp.mesh_query_sphere(mesh, lower, 0.5)
    else:
        mq = wp.mesh_query_aabb(mesh, lower, upper)
    f = int(0)
    while wp.mesh_query_next(mq, f):
        hits[f] = 3
    collect_bvh_hits(wp.bvh_query_ray(bvh, lower, upper), hits)
    collect_bvh_hits(query, hits)
    collect_mesh_hits(wp.mesh_query_sphere(mesh, lower, 0.5), hits)
    collect_mesh_hits(mq, hits)
    collect_mesh_aabb_hits(wp.mesh_query_aabb(mesh, lower, upper), hits)
    collect_mesh_hits(wp.mesh_query_aabb(mesh, lower, upper), hits)
