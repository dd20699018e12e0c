import warp as wp


@wp.func
def cell_sum(grid: wp.array2d[float], i: int, j: int):
    return grid[i, j] + grid[i, j + 1]


@wp.kernel
def sum_cells(grid: wp.array2d[float], weights: wp.array[wp.float32], out: wp.array[float], ids: wp.array[int]):
    i = wp.tid()
    j = ids[i]
    out[i] = cell_sum(grid, i, j) * weights[i]


@wp.kernel
def scale_points(points: wp.array[wp.vec3], counts: wp.array(dtype=wp.int32, ndim=1), factor: float):
    i = wp.tid()
    points[i] = points[i] * factor * float(counts[i])
