# The bounds of an array slice are int32: Warp finds no `slice` overload for int64 bounds.
import warp as wp


@wp.kernel
def k(a: wp.array[float], out: wp.array[float]):
    v = a[wp.int64(0) : wp.int64(2)]
    out[0] = v[0]

# expect-error: 7:11: couldn't find an overload of 'slice'
