# Warp prints wp::view(indexedarray, slice, ...) for a slice of an indexed array, which its
# headers do not define (the code does not compile): warpsynth refuses it.
import warp as wp


@wp.kernel
def k(a: wp.indexedarray2d(dtype=float), out: wp.array[float]):
    i = wp.tid()
    v = a[1:, i]
    out[i] = v[0]

# expect-error: 9:11: Warp's code for a slice of an indexedarray does not compile
