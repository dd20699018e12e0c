# Fixed arrays: wp.zeros(shape, dtype) makes a stack array (wp::fixedarray_t<size, dtype>),
# passed to array parameters (also generic ones), returned, viewed and sliced.
from typing import Any

import warp as wp


@wp.struct
class MyStruct:
    offset: int
    dist: float


@wp.func
def generic_first(arr: wp.array[Any]):
    return arr[0]


@wp.func
def concrete_first(arr: wp.array[wp.vec2f]):
    return arr[0]


@wp.func
def ret_fixed():
    arr = wp.zeros(shape=2, dtype=int)
    for i in range(arr.shape[0]):
        arr[i] = i
    return arr


@wp.kernel
def k2(out: wp.array[float]):
    a = wp.zeros(shape=(3,), dtype=wp.vec2f)
    a[0] = wp.vec2f(1.0, 2.0)
    b = wp.zeros(shape=(5,), dtype=int)
    b[0] = 42
    s = wp.zeros(shape=(2, 3), dtype=MyStruct)
    r = ret_fixed()
    out[0] = concrete_first(a)[1] + float(generic_first(b) + s[1, 2].offset + r[1]) + s[0, 1].dist


@wp.func
def fill(arr: wp.array2d[int]):
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            arr[i][j] = i * arr.shape[1] + j


@wp.func
def make() -> wp.fixedarray(shape=(2, 3), dtype=float):
    arr = wp.zeros(shape=(2, 3), dtype=float)
    arr[1, 2] = 3.0
    return arr


@wp.kernel
def k(out: wp.array[float]):
    i = wp.tid()
    arr = wp.zeros(shape=(2, 3), dtype=int)
    fill(arr)
    v = wp.zeros(shape=4, dtype=wp.vec3)
    v[1] = wp.vec3(1.0, 2.0, 3.0)
    r0 = arr[0]
    s = arr[:2, 1:]
    m = make()
    out[i] = float(r0[1] + s[1, 1]) + v[1][2] + m[1, 2]
