from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    a[i] = s


wp.overload(k, {"a": wp.array(dtype=float), "t": float})

# expect-error: 12:45: Invalid argument name 't' in overload of kernel k
