"""A generic kernel (a parameter typed Any) and no wp.overload: Warp generates no code for it."""
from typing import Any

import warp as wp


@wp.kernel
def generic_scale(x: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    x[i] = s * x[i]


@wp.kernel
def concrete_scale(x: wp.array(dtype=float), s: float):
    i = wp.tid()
    x[i] = s * x[i]
