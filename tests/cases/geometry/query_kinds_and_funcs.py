# Every query kind: float64 hash grids with groups, sphere/capsule queries, erased MeshQuery parameters, point query variants.
import warp as wp

@wp.func
def count_near(q: wp.HashGridQuery) -> int:
    n = int(0)
    i = int(0)
    while wp.hash_grid_query_next(q, i):
        n += 1
    return n

@wp.kernel
def k3(grid: wp.uint64, mesh: wp.uint64, bvh: wp.uint64, pts: wp.array(dtype=wp.vec3d), out: wp.array(dtype=int)):
    tid = wp.tid()
    p = pts[tid]
    n = int(0)
    for j in wp.hash_grid_query(grid, p, wp.float64(0.5), 2):
        n += wp.hash_grid_point_id(grid, j)
    pf = wp.vec3(p)
    s = wp.mesh_query_sphere(mesh, pf, 1.0)
    f = int(0)
    while wp.mesh_query_next(s, f):
        n += wp.mesh_get_index(mesh, f)
    for g in wp.mesh_query_sphere(mesh, pf, 2.0):
        n += g
    c = wp.bvh_query_capsule(bvh, pf, pf, 0.5)
    while wp.bvh_query_next(c, f, 3.0):
        n += 1
    sp = wp.bvh_query_sphere(bvh, pf, 0.5, 0)
    while wp.bvh_query_next(sp, f):
        n += 1
    if wp.mesh_query_ray_anyhit(mesh, pf, pf, 1.0):
        n += wp.mesh_query_ray_count_intersections(mesh, pf, pf)
    n += count_near(wp.hash_grid_query(grid, pf, 1.0))
    out[tid] = n

@wp.kernel
def k4(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    tid = wp.tid()
    p = pts[tid]
    a = wp.mesh_query_point_no_sign(mesh, p, 1.0)
    b = wp.mesh_query_furthest_point_no_sign(mesh, p, 0.0)
    c = wp.mesh_query_point_sign_normal(mesh, p, 1.0)
    d = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0, 2.0, 0.5)
    e = wp.mesh_query_point_sign_parity(mesh, p, 1.0)
    x = a.u + b.v + c.sign + d.sign + e.sign
    x += wp.length(wp.mesh_eval_velocity(mesh, a.face, a.u, a.v)) + wp.mesh_eval_face_normal(mesh, b.face)[1]
    x += wp.mesh_get_point(mesh, 0)[0] + wp.mesh_get_velocity(mesh, 1)[2]
    face = int(0)
    u = float(0.0)
    v = float(0.0)
    sgn = float(0.0)
    if wp.mesh_query_point(mesh, p, 2.0, sgn, face, u, v):
        x += u * v * sgn
    out[tid] = x
