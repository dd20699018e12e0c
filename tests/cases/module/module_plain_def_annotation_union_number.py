# A plain function's annotation is evaluated when `def` runs: `dict[str, Any] | True` is not a
# union (TypeError), so the module never imports. (Found by tools/fuzz, seed 101.)
from typing import Any

import warp as wp


def configure(options: dict[str, Any] | True) -> None:
    pass


@wp.kernel
def fill(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
