import warp as wp


# A BVH query and a mesh query have no common erased parent.
@wp.kernel
def k(bvh: wp.uint64, mesh: wp.uint64, use_bvh: bool, p: wp.vec3, hits: wp.array[int]):
    if use_bvh:
        q = wp.bvh_query_sphere(bvh, p, 0.5)
    else:
        q = wp.mesh_query_sphere(mesh, p, 0.5)
    n = int(0)
    while wp.bvh_query_next(q, n):
        hits[n] = 1

# expect-error: 10:13: where() true value type (<class 'warp._src.types._BvhQuerySphere'>) must be of the same type as the false type (<class 'warp._src.types._MeshQuerySphere'>)
