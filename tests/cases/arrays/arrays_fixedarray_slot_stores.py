import warp as wp


@wp.struct
class S:
    offset: int
    dist: float
    v: wp.vec3


@wp.func
def fill():
    arr = wp.zeros(shape=(2, 3), dtype=S)
    count = float(arr.shape[0] * arr.shape[1] - 1)
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            arr[i][j].offset = i * arr.shape[1] + j
            arr[i][j].dist = float(arr[i][j].offset) / count
            arr[i, j].v.y = 2.0
            arr[i, j].v[2] = arr[i, j].dist
    return arr


@wp.kernel
def k(out: wp.array(dtype=wp.vec3), outf: wp.array(dtype=float)):
    i = wp.tid()
    arr = fill()
    vs = wp.zeros(shape=(4,), dtype=wp.vec3)
    vs[1].x = 1.0
    vs[2][1] = outf[i]
    vs[3] = vs[1]
    m = wp.zeros(shape=(2, 2), dtype=wp.mat22)
    m[0, 1][0, 1] = outf[i]
    m[1][1][1, 0] = 2.0
    out[i] = arr[1, 2].v + vs[2]
    outf[i] = m[0, 1][0, 1]


@wp.kernel(enable_backward=False)
def k2(out: wp.array(dtype=wp.vec3), outf: wp.array(dtype=float)):
    i = wp.tid()
    vs = wp.zeros(shape=(4,), dtype=wp.vec3)
    vs[1].x += 1.0
    vs[2][1] -= outf[i]
    a = wp.zeros(shape=(3,), dtype=S)
    a[0].dist += 1.0
    a[1].offset += 2
    out[i] = vs[1] + a[0].v
