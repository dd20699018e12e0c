# A regular array does not match a user function's indexed array parameter.
import warp as wp


@wp.func
def get(a: wp.indexedarray[float], i: int) -> float:
    return a[i]


@wp.kernel(enable_backward=False)
def k(a: wp.array[float], out: wp.array[float]):
    i = wp.tid()
    out[i] = get(a, i)

# expect-error: 13:14: couldn't find function overload for 'get'
