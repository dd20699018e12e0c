# Indexed arrays: annotations (subscript, call, struct field), element access, views,
# shape, atomics; the adjoint of an indexed array parameter is a regular array. A user
# function taking one is called from a forward-only kernel (Warp's CPU backward code for
# that call does not compile, see tests/errors/cases/arrays_indexedarray_cpu_func_gradient.py).
from typing import Literal

import warp as wp


@wp.struct
class S:
    iarr: wp.indexedarray[float]
    w: float


@wp.func
def get(a: wp.indexedarray[float], i: int) -> float:
    return a[i] * 3.0


@wp.kernel
def k1(a: wp.indexedarray[float], expected: wp.array[float], out: wp.array[float]):
    i = wp.tid()
    wp.expect_eq(a[i], expected[i])
    a[i] = 2.0 * a[i]
    wp.atomic_add(a, i, 1.0)
    out[i] = a[i] * 3.0 + float(a.shape[0])
    a[i] += out[i]


@wp.kernel
def k2(a: wp.indexedarray[float, Literal[2]], b: wp.indexedarray2d(dtype=wp.vec3), s: S, out: wp.array2d[float]):
    i, j = wp.tid()
    wp.expect_eq(a[i][j], a[i, j])
    row = a[i]
    out[i, j] = row[j] + s.iarr[i] * s.w + wp.length(b[i, j])
    b[i, j] = wp.vec3(1.0, 2.0, 3.0)
    v = b[i, j]
    out[i, j] += v[0]


@wp.kernel(enable_backward=False)
def k3(a: wp.indexedarray(dtype=float, ndim=3), out: wp.array[float]):
    i = wp.tid()
    out[i] = get(a[0, i], 1) + float(a[0].shape[1])
