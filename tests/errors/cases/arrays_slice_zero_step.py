# Warp rejects an array slice whose step is the constant 0.
import warp as wp


@wp.kernel
def k(a: wp.array2d[float], out: wp.array[float]):
    v = a[0:2:0, 1]
    out[0] = v[0]

# expect-error: 7:11: Slice step cannot be zero.
