# tuple[int, ...] makes a generic function with one instance per tuple length: not modelled yet.
# expect-error: 7:30: tuple annotations with an ellipsis (generic tuples) are not supported by warpsynth
import warp as wp


@wp.func
def first(values: tuple[int, ...]):
    return values[0]


@wp.kernel
def k(counts: wp.array[int]):
    u = (1, 2, 3)
    counts[1] = first(u)
