# A CPU kernel passes the gradient of an indexed array parameter to a user function as an
# indexedarray_t, which takes an array_t: Warp's CPU backward code does not compile (its CUDA
# code does, and warpsynth prints it).
import warp as wp


@wp.func
def get(a: wp.indexedarray[float], i: int) -> float:
    return a[i] * 3.0


@wp.kernel
def k(a: wp.indexedarray[float], out: wp.array[float]):
    i = wp.tid()
    out[i] = get(a, i)

# expect-devices: cpu
# expect-error: 15:14: Warp's backward code for passing this indexed array to a user function
