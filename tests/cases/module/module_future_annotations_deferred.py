# With `from __future__ import annotations`, annotations stay text: the ones that would raise
# are never evaluated and the module imports. Defaults still run; unions of classes are fine.
from __future__ import annotations

from typing import Any

import warp as wp

Number = int | float
MaybeInt = int | None


def configure(options: dict[str, Any] | True, scale: float = 2.0 / 4.0) -> int | 3:
    return 0


limit: int | 3 = 4


@wp.kernel
def fill(a: wp.array(dtype=float), b: float):
    a[wp.tid()] = b * 0.5
