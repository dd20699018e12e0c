# A tuple[int, int, int] parameter does not take a tuple whose first element is a float.
# expect-error: 14:17: couldn't find function overload for 'total'
import warp as wp


@wp.func
def total(values: tuple[int, int, int]):
    return values[0] + values[1] + values[2]


@wp.kernel
def k(counts: wp.array[int]):
    u = (1.0, 2, 3)
    counts[1] = total(u)
