from typing import Any

import warp as wp


@wp.func
def generic_adder(a: Any, b: Any):
    return a + b


@wp.struct
class Foo:
    x: wp.vec3
    y: float


@wp.kernel
def cast_kernel(a: Any, b: Any):
    a = type(a)(b)
    c = type(generic_adder(b, b))(a)
    wp.expect_eq(b, c)


wp.overload(cast_kernel, [wp.float32, wp.float64])
wp.overload(cast_kernel, [wp.float32, wp.int32])
wp.overload(cast_kernel, [wp.vec3f, wp.vec3d])
wp.overload(cast_kernel, [wp.mat22f, wp.mat22d])


@wp.kernel
def scalar_construction(a: wp.array[Any]):
    zero = type(a[0])(0)
    copy = a.dtype(a[0])
    copy += zero
    wp.expect_eq(copy, a[0])


wp.overload(scalar_construction, [wp.array[wp.int32]])
wp.overload(scalar_construction, [wp.array[wp.float64]])


@wp.kernel
def type_construction(a: wp.array[Any]):
    zero = type(a[0])()
    copy = type(a).dtype(a[0]) * a.dtype.dtype(1.0)
    copy += zero
    wp.expect_eq(copy, a[0])


wp.overload(type_construction, [wp.array[wp.vec3f]])
wp.overload(type_construction, [wp.array[wp.mat22d]])


@wp.kernel
def struct_construction(a: Foo, out: wp.array(dtype=float)):
    b = type(a)(a.x, a.y)
    v = type(b.x)(1.0, 2.0, 3.0)
    w = type(v).dtype(2.0) * v
    out[0] = b.y + w[1] + type(out[0])(3)
