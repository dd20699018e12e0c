import warp as wp


@wp.func
def double(v: float):
    return v * 2.0


@wp.func
def square(v: float):
    return v * v


@wp.func
def apply1(op: wp.Function, v: float):
    return op(v)


HANDLERS = {"double": double, "square": square, "double": square}
SCALES = {"small": 0.5, "big": 4.0}
ALIAS = HANDLERS
FIRST = HANDLERS["double"]


@wp.kernel
def static_functions(x: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.static(HANDLERS["square"])
    b = wp.static(ALIAS["double"])
    x[i] = a(x[i]) + b(x[i]) + FIRST(x[i]) + apply1(a, 2.0)


@wp.kernel
def static_numbers(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * wp.static(SCALES["big"]) + wp.static(SCALES["small"])
