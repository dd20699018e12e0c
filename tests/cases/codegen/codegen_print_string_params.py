import warp as wp

# A @wp.func may take a string (annotated `str`, with or without a default): Warp passes it
# as `wp::str`. (A @wp.func returning a string is generated too, but its adjoint adds two
# `wp::str`s, which no C++ compiler accepts: not a case here.)


@wp.func
def report(message: str, value: float, suffix: str = "units"):
    print(message)
    print(value)
    print(suffix)
    return value * 2.0


@wp.kernel
def report_values(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = report("x is", x[i])
    y[i] += report("again", x[i], "meters")
