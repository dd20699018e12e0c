# Warp has no indexref for a slice of an array element's vector.
import warp as wp


@wp.kernel
def k(arr_y: wp.array[wp.vec4]):
    i = wp.tid()
    arr_y[i][:2] = wp.vec2(1.0, 2.0)

# expect-error: 8:15: couldn't find an overload of 'indexref'
