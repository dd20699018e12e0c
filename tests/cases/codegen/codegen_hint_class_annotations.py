from typing import Literal

import warp as wp
from warp._src.types import Matrix, Vector

mat23 = wp.types.matrix((2, 3), dtype=float)


@wp.func
def total(v: Vector[wp.float64, Literal[2]], m: Matrix[float, Literal[2], Literal[3]]) -> float:
    return float(v[0] + v[1]) + m[1, 2]


@wp.kernel
def hints(
    positions: wp.array[Vector[wp.float32, Literal[3]]],
    frames: wp.array[Matrix[wp.float32, 3, 3]],
    counts: Vector[int, Literal[4]],
    output: wp.array[float],
):
    i = wp.tid()
    output[i] = wp.length(frames[i] * positions[i]) + float(counts[3])
    output[i] += total(wp.vec2d(1.0, 2.0), mat23(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))
