# wp.HashGridQuery[dtype] annotations: float16, float32 (also Python float) and float64 select
# the query class of that precision (hash_grid_query_h, _f, _d).
import warp as wp


@wp.func
def closest_h(query: wp.HashGridQuery[wp.float16], center: wp.vec3h, points: wp.array[wp.vec3h], radius: wp.float16):
    best = int(-1)
    best_dist_sq = radius * radius
    index = int(0)
    while wp.hash_grid_query_next(query, index):
        offset = points[index] - center
        dist_sq = wp.dot(offset, offset)
        if dist_sq <= best_dist_sq:
            best = index
            best_dist_sq = dist_sq
    return best


@wp.func
def count_d(query: wp.HashGridQuery[wp.float64]) -> int:
    n = int(0)
    index = int(0)
    while wp.hash_grid_query_next(query, index):
        n += 1
    return n


@wp.func
def count_f(query: wp.HashGridQuery[float]) -> int:
    n = int(0)
    for index in query:
        n += index
    return n


@wp.kernel
def k(grid: wp.uint64, points: wp.array[wp.vec3h], pd: wp.array[wp.vec3d], out: wp.array[int]):
    tid = wp.tid()
    center = points[tid]
    out[tid] = closest_h(wp.hash_grid_query(grid, center, wp.float16(0.5)), center, points, wp.float16(0.5))
    out[tid] += count_d(wp.hash_grid_query(grid, pd[tid], wp.float64(0.5)))
    out[tid] += count_f(wp.hash_grid_query(grid, wp.vec3(1.0), 0.5))
