# The gradient of a view of an indexed array is an indexedarray_t; a user function takes the
# gradient of an indexed array as an array_t: Warp's backward code does not compile.
import warp as wp


@wp.func
def get(a: wp.indexedarray[float], i: int) -> float:
    return a[i] * 3.0


@wp.kernel
def k(a: wp.indexedarray2d(dtype=float), out: wp.array[float]):
    i = wp.tid()
    out[i] = get(a[i], 0)

# expect-error: 14:14: Warp's backward code for passing this indexed array to a user function
