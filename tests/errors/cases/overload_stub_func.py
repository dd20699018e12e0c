from typing import Any

import warp as wp


@wp.func
def f(x: Any):
    return x + x


@wp.overload
def f(x: float):
    ...


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = f(a[i])

# expect-error: 11:2: Failed to find a kernel named 'f'
