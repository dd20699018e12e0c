# Query objects rebound in loops and iterated.
import warp as wp

@wp.kernel
def k(grid: wp.uint64, out: wp.array(dtype=int)):
    for i in range(3):
        q = wp.hash_grid_query(grid, wp.vec3(0.0), 1.0)
        j = int(0)
        while wp.hash_grid_query_next(q, j):
            out[j] = i
    q2 = wp.hash_grid_query(grid, wp.vec3(1.0), 1.0)
    q2 = wp.hash_grid_query(grid, wp.vec3(2.0), 1.0)
    for j in q2:
        out[j] = 2
