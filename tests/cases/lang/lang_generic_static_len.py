from typing import Any

import warp as wp


@wp.func
def total(values: Any):
    acc = float(0.0)
    for k in range(wp.static(len(values))):
        acc += values[k]
    return acc


@wp.kernel
def k(out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i][0] = total(out[i])


@wp.kernel
def k2(out: wp.array(dtype=float)):
    i = wp.tid()
    t = (1.0, 2.0, 3.0, 4.0)
    out[i] = total(t) + total(wp.vec2(1.0, 2.0))
