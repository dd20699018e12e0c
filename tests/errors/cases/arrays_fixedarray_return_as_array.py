# A function returning a fixed-size array may not be annotated as returning an array.
import warp as wp


@wp.func
def func() -> wp.array2d[int]:
    arr = wp.zeros(shape=(2, 3), dtype=int)
    return arr


@wp.kernel
def k():
    arr = func()

# expect-error: 6:1: does not match its return type annotation
