# A module global bound to an enum member stays an enum member: Warp declares its constant with
# the C++ type wp::Color, which does not exist (Warp's translation unit does not compile).
# expect-error: 20:21: in kernel 'paint': global 'DEFAULT' cannot be used in a kernel: Color.GREEN: an enum member outside a kernel (Warp declares its constant with the C++ type wp::Color, which does not exist)
from enum import IntEnum

import warp as wp


class Color(IntEnum):
    RED = 1
    GREEN = 2


DEFAULT = Color.GREEN


@wp.kernel
def paint(colors: wp.array(dtype=int)):
    i = wp.tid()
    if colors[i] == DEFAULT:
        colors[i] = 0
