# Tile stacks (tile_stack, push, pop, clear, count; ints, floats, float16 and vectors; several
# stacks, pushes under a condition, pops used in branches) and the thread-block parallel
# geometry queries (tile_bvh_query_aabb / _ray, tile_mesh_query_aabb, their deprecated
# *_tiled aliases, the next batch of results as a tile), forward and adjoint.
import warp as wp

CAPACITY = wp.constant(64)
SMALL = 4


@wp.kernel
def stack_push_pop(out: wp.array(dtype=int), out_count: wp.array(dtype=int)):
    _i, j = wp.tid()
    s = wp.tile_stack(capacity=CAPACITY, dtype=int)
    idx = wp.tile_stack_push(s, j * 10, j % 2 == 0)
    val, slot = wp.tile_stack_pop(s)
    if slot != -1:
        out[slot] = val
    wp.tile_stack_clear(s)
    wp.tile_stack_push(s, idx, True)
    count = wp.tile_stack_count(s)
    if j == 0:
        out_count[0] = count


@wp.kernel
def stack_dtypes(out: wp.array(dtype=float), out_v: wp.array(dtype=wp.vec3), out_h: wp.array(dtype=wp.float16)):
    _i, j = wp.tid()
    s1 = wp.tile_stack(capacity=SMALL, dtype=float)
    s2 = wp.tile_stack(capacity=128, dtype=wp.vec3)
    s3 = wp.tile_stack(capacity=CAPACITY, dtype=wp.float16)
    wp.tile_stack_push(s1, float(j) * 1.5, True)
    v = wp.vec3(float(j), 2.0, 3.0)
    wp.tile_stack_push(s2, v, j < 10)
    wp.tile_stack_push(s3, wp.float16(float(j)), True)
    a, sa = wp.tile_stack_pop(s1)
    b, sb = wp.tile_stack_pop(s2)
    c, sc = wp.tile_stack_pop(s3)
    if sa >= 0:
        out[sa] = a * 2.0
    if sb >= 0:
        out_v[sb] = b
    if sc >= 0:
        out_h[sc] = c


@wp.kernel
def bvh_queries(bvh: wp.uint64, lower: wp.vec3, upper: wp.vec3, start: wp.vec3, dir: wp.vec3, hits: wp.array(dtype=int)):
    q = wp.tile_bvh_query_aabb(bvh, lower, upper)
    valid = wp.tile_query_valid(q)
    t = wp.tile_bvh_query_next(q)
    i = wp.untile(t)
    r = wp.tile_bvh_query_ray(bvh, start, dir)
    u = wp.untile(wp.tile_bvh_query_next(r))
    if valid and i >= 0:
        wp.atomic_add(hits, i, 1)
    if u >= 0:
        hits[u] = 1


@wp.kernel
def mesh_and_aliases(mesh: wp.uint64, bvh: wp.uint64, lower: wp.vec3, upper: wp.vec3, start: wp.vec3, dir: wp.vec3, hits: wp.array(dtype=int)):
    q = wp.tile_mesh_query_aabb(mesh, lower, upper)
    ok = wp.tile_query_valid(q)
    f = wp.untile(wp.tile_mesh_query_aabb_next(q))
    q2 = wp.mesh_query_aabb_tiled(mesh, lower, upper)
    g = wp.untile(wp.mesh_query_aabb_next_tiled(q2))
    b = wp.bvh_query_aabb_tiled(bvh, lower, upper)
    r = wp.bvh_query_ray_tiled(bvh, start, dir)
    h = wp.untile(wp.bvh_query_next_tiled(b)) + wp.untile(wp.bvh_query_next_tiled(r))
    if ok:
        hits[0] = f + g + h
