import warp as wp


@wp.func
def count(query: wp.HashGridQuery[wp.int32]) -> int:
    n = int(0)
    i = int(0)
    while wp.hash_grid_query_next(query, i):
        n += 1
    return n


@wp.kernel
def k(grid: wp.uint64, out: wp.array[int]):
    out[0] = count(wp.hash_grid_query(grid, wp.vec3(0.0), 0.5))

# expect-error: 5:35: Unsupported dtype int32 for HashGridQuery. Supported types: float16, float32, float64
