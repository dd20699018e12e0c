# Array slices are views: omitted bounds are SLICE_BEGIN / SLICE_END, bounds may be computed
# at run time, an integer index collapses a dimension; views as store targets; ndim.
import warp as wp


@wp.kernel
def k(src: wp.array2d[float], a3: wp.array3d[float], out: wp.array[float], out2: wp.array2d[float]):
    i = wp.tid()
    view = src[i : i + 2, 1]
    row = src[i, :]
    s = a3[::2, 1, -3:]
    t = a3[1:2]
    u = t[0, 0, ::-1]
    out[i] = view[0] + row[1] + s[0, 0] + u[0]
    w = a3[:, :, 0]
    out2[i, 0] = w[0, 1]


@wp.kernel
def update_inline(components: wp.array[wp.vec3], source: wp.array[float], start: int, stop: int, step: int):
    i = wp.tid()
    components[start:stop:step][i].x = source[i]
    components[start:stop:step][i][1] += source[i]


@wp.kernel
def alias_store(values: wp.array[wp.vec3], source: wp.array[float], output: wp.array[float]):
    i = wp.tid()
    sliced = values[1::2]
    alias = sliced
    alias[i].x = source[i]
    output[i] = values[2 * i + 1].x


@wp.kernel
def scale_slice_2d(x: wp.array[float], y: wp.array2d[float]):
    i = wp.tid()
    y_slice = y[0:1, :]
    y_slice[0, i] = 2.0 * x[i]
    y[0:1, :][0, i] += x[i]
    wp.atomic_add(y[:, 1:], 0, i, 1.0)


@wp.kernel
def ndim_kernel(arr: wp.array2d[int], out: wp.array[int]):
    sub = arr[:2]
    wp.expect_eq(sub.ndim, 2)
    wp.expect_eq(sub[0].ndim, 1)
    out[0] = sub[1, 1]
    wp.expect_eq(arr.ndim, sub.ndim)


@wp.kernel
def dynamic_slice(array: wp.array2d[int], start: int, stop: int, step: int, output: wp.array[int]):
    view = array[start:stop:step, 1]
    output[0] = view.shape[0]
    output[1] = view[0]
    output[2] = view[view.shape[0] - 1]
    sub = array[-1:, 0:2][0]
    output[3] = sub[wp.uint8(1)]
