# hash_grid_query with while/hash_grid_query_next and as a for iterable (forward and adjoint).
import warp as wp

@wp.kernel
def k(grid: wp.uint64, points: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    tid = wp.tid()
    p = points[tid]
    q = wp.hash_grid_query(grid, p, 1.0)
    idx = int(0)
    n = int(0)
    while wp.hash_grid_query_next(q, idx):
        n += 1
    for j in wp.hash_grid_query(grid, p, 1.0):
        n += j
    out[tid] = n
