from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    a[i] = s


k_f = wp.overload(k, (wp.array(dtype=float), float))

# expect-error: 12:22: Kernel overload types must be given in a list or dict
