from typing import Any

import warp as wp


@wp.func
def first_point(m: Any):
    return m.points[0]


# Warp has no type code for wp.Mesh, so it cannot instantiate first_point for it.
@wp.kernel
def k(mesh_id: wp.uint64, out: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    mesh = wp.mesh_get(mesh_id)
    out[tid] = first_point(mesh)

# expect-error: 16:16: Failed to determine type code for argument 'm' of function first_point
