import warp as wp


@wp.kernel
def k(mesh: wp.uint64, out: wp.array(dtype=float)):
    q = wp.mesh_query_point(mesh, wp.vec3(0.0), 1.0)
    out[0] = q.w

# expect-error: 7:14: `w` is not an attribute of 'q' (warp._src.types.MeshQueryPoint)
