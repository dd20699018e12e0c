from typing import Any

import warp as wp

# A @wp.func bound to a second name, then redefined with the same signature: the
# alias keeps calling the first definition (Warp numbers the two shade_0, shade_1).


@wp.func
def shade(x: float):
    return x + 1.0


shade_first = shade


@wp.func
def shade(x: float):
    return x * 3.0


@wp.func
def cube(x: Any):
    return x * x * x


cube_first = cube


@wp.func
def cube(x: Any):
    return x * x


@wp.kernel
def use_both(a: wp.array(dtype=float), ai: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = shade(a[i]) + shade_first(a[i]) + cube(a[i]) + cube_first(2.0)
    ai[i] = cube(ai[i]) + cube_first(3)
