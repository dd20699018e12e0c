# A tuple of literals passed straight to a generic @wp.func: Warp evaluates the argument as a
# Python constant whose type, a tuple of Python types, has no type code, and raises (a tuple
# held in a variable is a tuple_t and works).
from typing import Any

import warp as wp


@wp.func
def total(values: Any):
    acc = float(0.0)
    for k in range(wp.static(len(values))):
        acc += float(values[k])
    return acc


@wp.kernel
def k(out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = total((1.0, 2.0, 3.0))

# expect-error: 20:14: Failed to determine type code for argument 'values' of function total
