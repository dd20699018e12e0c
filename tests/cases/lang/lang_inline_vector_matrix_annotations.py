# Vector and matrix types made where they are used (struct fields, parameters, returns,
# array dtypes), positional or by keyword, as in warp/tests/test_array.py FillStruct.
import warp as wp


@wp.struct
class Mixed:
    v2: wp.types.vector(2, wp.int64)
    v4: wp.types.vector(4, wp.float16)
    m3: wp.types.matrix((3, 3), wp.int32)
    m2: wp.types.matrix(shape=(2, 2), dtype=wp.float64)
    w: wp.types.vector(length=5, dtype=float)
    a: wp.array2d[float]


@wp.func
def weighted(v: wp.types.vector(length=3, dtype=float), s: float) -> wp.types.vector(3, float):
    return v * s


@wp.kernel
def use_inline_types(
    s: Mixed,
    points: wp.array(dtype=wp.types.vector(3, float)),
    rows: wp.array(dtype=wp.types.matrix((2, 3), wp.float32)),
    out: wp.array(dtype=float),
):
    i = wp.tid()
    p = weighted(points[i], float(s.v2[0]))
    r = rows[i]
    out[i] = p[0] + r[1, 2] + s.w[4] + float(s.m2[0, 1]) + float(s.m3[2, 2]) + s.a[i, 0]
