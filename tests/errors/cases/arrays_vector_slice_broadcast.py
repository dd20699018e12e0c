# A slice of a vector takes a vector of its length: Warp does not broadcast a scalar.
import warp as wp


@wp.kernel
def k(arr: wp.array[wp.vec4]):
    i = wp.tid()
    v = arr[i]
    v[1:3] = 2.0
    arr[i] = v

# expect-error: 9:9: The provided value is expected to be a vector of length 2, with dtype float32.
