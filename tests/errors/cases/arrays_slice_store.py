# Assigning to an array slice (a view) is rejected by Warp.
import warp as wp


@wp.kernel
def k(a: wp.array[float]):
    a[0:2] = 1.0

# expect-error: 7:9: couldn't find an overload of 'array_store'
