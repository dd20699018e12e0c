# An indexed array has no `ptr`: Warp rejects it.
import warp as wp


@wp.kernel
def k(a: wp.indexedarray[float], out: wp.array(dtype=wp.uint64)):
    out[0] = a.ptr

# expect-error: 7:14: `ptr` is not an attribute of 'a'
