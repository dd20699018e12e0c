# An indexed array does not match a user function's array parameter.
import warp as wp


@wp.func
def get(a: wp.array[float], i: int) -> float:
    return a[i]


@wp.kernel(enable_backward=False)
def k(a: wp.indexedarray[float], out: wp.array[float]):
    i = wp.tid()
    out[i] = get(a, i)

# expect-error: 13:14: couldn't find function overload for 'get' that matched inputs with types: [indexedarray(ndim=1, dtype=float32), int32]
