import warp as wp


# wp.Mesh is host-side: a kernel takes its id (wp.uint64), and Warp has no type code for it.
@wp.func
def first_point(m: wp.Mesh) -> wp.vec3:
    return m.points[0]


@wp.kernel
def k(mesh_id: wp.uint64, out: wp.array(dtype=wp.vec3)):
    out[0] = first_point(wp.mesh_get(mesh_id))

# expect-error: 6:20: unsupported type annotation 'wp.Mesh'
