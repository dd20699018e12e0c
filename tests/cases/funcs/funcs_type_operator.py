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


# type(x) as an argument (a dtype), and in a generic @wp.func.
@wp.kernel
def type_as_argument(a: Any, out: wp.array(dtype=Any)):
    m = wp.identity(n=2, dtype=type(a)) * a
    out[0] = wp.trace(m) + type(out[0]).dtype(1.0)
    v = wp.vector(a, a, length=2, dtype=type(a))
    out[0] += v[1]


wp.overload(type_as_argument, [wp.float32, wp.array(dtype=wp.float32)])
wp.overload(type_as_argument, [wp.float64, wp.array(dtype=wp.float64)])


@wp.func
def f(x: Any):
    return type(x).dtype(2) * x + type(x)(x)


@wp.kernel
def k2(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.int64)):
    i = wp.tid()
    a[i] = f(a[i])
    b[i] = f(b[i])
