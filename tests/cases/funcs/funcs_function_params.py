from typing import Any

import warp as wp


@wp.func
def halve(v: float):
    return v * 0.5


@wp.func
def cube(v: float):
    return v * v * v


@wp.func
def apply1(op: wp.Function, v: float):
    return op(v)


@wp.func
def apply2(op: wp.Function, a: float, b: float):
    return op(a, b)


@wp.func
def apply_default(v: float, op: wp.Function = halve):
    return op(v)


@wp.func
def apply_generic(op: wp.Function, v: Any):
    return op(v)


@wp.func
def apply_alias(op: wp.Function, v: float):
    h = op
    return h(v) + 1.0


@wp.func
def apply_twice(outer: wp.Function, inner: wp.Function, v: float):
    return outer(inner(v))


@wp.func
def nested(v: float):
    return apply1(cube, v)


@wp.func
def pick(n: int):
    return float(n)


@wp.func
def pick(op: wp.Function, v: float):
    return op(v)


@wp.func
def forward_op(op: wp.Function, v: float):
    return apply1(op, v) * 2.0


@wp.func
def store_op(op: wp.Function, out: wp.array[float], i: int, v: float):
    out[i] = op(v)


GLOBAL_OP = cube
GLOBAL_BUILTIN = wp.cos


@wp.kernel
def user_targets(x: wp.array[float], y: wp.array[float]):
    i = wp.tid()
    y[i] = apply1(halve, x[i]) + apply1(cube, x[i]) + apply1(op=halve, v=2.0)
    y[i] += nested(x[i]) + apply_default(x[i]) + apply_generic(cube, x[i])


@wp.kernel
def builtin_targets(x: wp.array[float], y: wp.array[float]):
    i = wp.tid()
    y[i] = apply1(wp.sin, x[i]) + apply2(wp.max, x[i], 1.0) + apply1(wp.abs, x[i])


@wp.kernel
def aliases_and_globals(x: wp.array[float], y: wp.array[float]):
    i = wp.tid()
    f = halve
    s = wp.sin
    y[i] = apply1(f, x[i]) + s(x[i]) + apply1(s, 2.0) + apply_alias(cube, x[i]) + apply1(GLOBAL_OP, x[i])
    y[i] += apply1(GLOBAL_BUILTIN, x[i]) + apply_twice(halve, wp.exp, x[i]) + pick(halve, x[i])


@wp.kernel(enable_backward=False)
def passed_on(x: wp.array[float], y: wp.array[float]):
    i = wp.tid()
    y[i] = forward_op(halve, x[i]) + forward_op(wp.sqrt, x[i])
    store_op(cube, y, i, x[i])
