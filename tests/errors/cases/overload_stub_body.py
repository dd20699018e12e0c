from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    a[i] = s


@wp.overload
def k(a: wp.array(dtype=float), s: float):
    a[0] = s

# expect-error: 14:5: Illegal statement in kernel overload definition
