# Members of enum.IntEnum / enum.IntFlag classes in kernels and functions: Warp turns each into its
# int (codegen's emit_Attribute), so they read like int literals, also through IntFlag operators.
import enum
from enum import IntEnum

import warp as wp


class Color(IntEnum):
    """Colours."""

    RED = 1
    GREEN = 2
    BLUE = -3


class Flags(enum.IntFlag):
    A = 1
    B = 4


@wp.func
def weight(c: int):
    if c == Color.RED:
        return 1.0
    return 0.5


@wp.kernel
def paint(colors: wp.array(dtype=int), out: wp.array(dtype=float), flags: wp.array(dtype=int)):
    i = wp.tid()
    c = colors[i]
    if c == Color.BLUE or c == Color.GREEN:
        out[i] = weight(c) * float(Color.GREEN)
    flags[i] = flags[i] | (Flags.A | Flags.B)
    out[i] = out[i] + float(Color.RED.value)
