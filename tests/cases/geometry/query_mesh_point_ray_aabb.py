# mesh_query_point / mesh_query_ray results (fields as references), mesh_query_aabb iteration, bvh_query_aabb.
import warp as wp

@wp.kernel
def k(mesh: wp.uint64, bvh: wp.uint64, points: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    tid = wp.tid()
    p = points[tid]
    q = wp.mesh_query_point(mesh, p, 10.0)
    s = float(0.0)
    if q.result:
        s = q.sign * q.u + q.v + float(q.face)
        cp = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        s += wp.length(cp - p)
    r = wp.mesh_query_ray(mesh, p, wp.vec3(0.0, 1.0, 0.0), 100.0)
    if r.result:
        s += r.t + r.normal[0]
    aq = wp.mesh_query_aabb(mesh, p, p)
    f = int(0)
    while wp.mesh_query_aabb_next(aq, f):
        s += 1.0
    for fi in wp.mesh_query_aabb(mesh, p, p):
        s += float(fi)
    bq = wp.bvh_query_aabb(bvh, p, p)
    b = int(0)
    while wp.bvh_query_next(bq, b):
        s += 2.0
    out[tid] = s
