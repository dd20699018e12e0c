# `int | 3` at module level raises TypeError (a class with a number is not a union).
import warp as wp

MaybeInt = int | 3


@wp.kernel
def fill(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
