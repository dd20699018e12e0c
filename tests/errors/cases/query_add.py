import warp as wp


@wp.kernel
def k(grid: wp.uint64, out: wp.array(dtype=int)):
    q = wp.hash_grid_query(grid, wp.vec3(0.0), 1.0)
    x = q + q
    out[0] = 1

# expect-error: 7:9: couldn't find an overload of 'add'
