from typing import Any

import warp as wp


@wp.func
def twice(x: Any):
    return x + x


@wp.func
def first_plus(values: wp.array(dtype=Any), offset: Any):
    return values[0] + offset


@wp.func
def blend(a: Any, b: Any, t: float = 0.5):
    return a * (1.0 - t) + b * t


@wp.kernel
def use_generics(
    xs: wp.array(dtype=float),
    vs: wp.array(dtype=wp.vec3),
    ds: wp.array(dtype=wp.float64),
    out: wp.array(dtype=float),
    vout: wp.array(dtype=wp.vec3),
):
    i = wp.tid()
    a = twice(xs[i])
    v = twice(vs[i])
    d = twice(ds[i])
    b = twice(xs[i] * 2.0)
    c = first_plus(xs, 1.0)
    w = first_plus(vs, v)
    out[i] = a + b + c + float(d) + blend(a, b)
    vout[i] = w + blend(v, w, 0.25)


@wp.kernel
def generic_kernel(xs: wp.array(dtype=Any)):
    i = wp.tid()
    xs[i] = xs[i]
