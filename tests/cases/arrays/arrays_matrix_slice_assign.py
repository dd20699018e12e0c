# Assigning to a slice of a matrix is not modelled by warpsynth yet (Warp accepts it).
import warp as wp


@wp.kernel
def k(arr: wp.array[wp.mat33]):
    i = wp.tid()
    m = arr[i]
    m[0, :2] = wp.vec2(1.0, 2.0)
    arr[i] = m

# expect-error: assigning to a slice of a matrix is not supported
