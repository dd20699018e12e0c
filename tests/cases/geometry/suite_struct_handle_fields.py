# wp.handle fields are uint64 to C++ and to the struct hash, but Warp never adds
# them in the struct's operator += (a uint64 field, and a nested struct, it does).
import warp as wp


@wp.struct
class MeshRef:
    mesh_id: wp.handle


@wp.struct
class PointQuery:
    origin: wp.vec3
    tag: wp.uint64
    target: MeshRef
    fallback: wp.handle
    radius: float


@wp.kernel
def pick_handle(queries: wp.array(dtype=PointQuery), picked: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    q = queries[i]
    h = q.target.mesh_id
    if q.radius > 1.0:
        h = q.fallback
    picked[i] = h + q.tag


@wp.kernel
def handle_params(h: wp.handle, hs: wp.array(dtype=wp.handle), out: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    out[i] = h + hs[i]
