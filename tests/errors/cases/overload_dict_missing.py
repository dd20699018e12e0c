from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    a[i] = s


wp.overload(k, {"a": wp.array(dtype=float)})

# expect-error: 12:1: Kernel k argument 's' cannot be generic
