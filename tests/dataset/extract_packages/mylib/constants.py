from enum import IntEnum

import warp as wp

EPS = wp.constant(1.0e-6)
SCALE = 2.0
UNUSED = 3.0


class Mode(IntEnum):
    """How a point is moved (Warp reads the members as int constants)."""

    SNAP = 0
    SCALED = 1
