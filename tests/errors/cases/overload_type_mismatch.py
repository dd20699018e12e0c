from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any), n: int):
    i = wp.tid()
    a[i] = a[i] * a.dtype(n)


k_f = wp.overload(k, [wp.array(dtype=float), float])

# expect-error: 12:7: Kernel k argument 'n' type mismatch
