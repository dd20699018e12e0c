import warp as wp
from warp._src import context

REGISTERED_TID = context.builtin_functions["tid"]
FLAG = True


@wp.kernel
def global_alias(out: wp.array[int]):
    i = REGISTERED_TID()
    out[i] = i


@wp.kernel
def registered_alias(out: wp.array2d[int]):
    i, j = REGISTERED_TID()
    out[i, j] = i + j


@wp.kernel
def local_alias(out: wp.array2d[int]):
    t = REGISTERED_TID
    i, j = t()
    out[i, j] = i * j


@wp.kernel
def chained_alias(out: wp.array3d[int]):
    if FLAG:
        first = REGISTERED_TID
    second = first
    third = second
    i, j, k = third()
    out[i, j, k] = i + j + k
