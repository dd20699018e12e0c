# Fabric and indexed fabric arrays: annotations, element access, `size`, arrays of arrays
# (a row is a regular array view).
from typing import Literal

import warp as wp


@wp.struct
class FS:
    fa: wp.fabricarray[float]
    ifa: wp.indexedfabricarray(dtype=wp.vec3)


@wp.func
def twice(a: wp.fabricarray[float], i: int) -> float:
    return a[i] * 2.0


@wp.kernel
def fk(a: wp.fabricarray[float], b: wp.indexedfabricarray[float], expected: wp.indexedarray[float]):
    i = wp.tid()
    wp.expect_eq(a[i], expected[i])
    a[i] = 2.0 * a[i]
    wp.atomic_add(a, i, 1.0)
    b[i] = twice(a, i) + b[i]
    b[i] += float(i)


@wp.kernel
def fs(s: FS, rows: wp.fabricarrayarray(dtype=wp.float32), out: wp.array[float]):
    i = wp.tid()
    row = rows[i]
    n = row.shape[0]
    acc = float(0.0)
    for j in range(n):
        acc += row[j] + rows[i, j]
    out[i] = acc + s.fa[i] + wp.length(s.ifa[i])


@wp.kernel(enable_backward=False)
def ft(a: wp.fabricarray[wp.int32], b: wp.indexedfabricarrayarray(dtype=wp.int32)):
    x = a[wp.uint8(0)]
    a[wp.int64(3)] = 123 + x + b[0][1]
