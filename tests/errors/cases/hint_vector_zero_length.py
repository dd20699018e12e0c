# Vector[dtype, Literal[n]] needs a positive length (Warp raises a TypeError when the module loads).
# expect-error: 10:41: vector and matrix sizes must be positive integers
from typing import Literal

import warp as wp
from warp._src.types import Vector


@wp.kernel
def k(a: wp.array[Vector[float, Literal[0]]]):
    pass
