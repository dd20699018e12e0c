# Assigning to a slice of a local vector, quaternion or transform: assign_inplace<length>
# and the augmented forms.
import warp as wp


@wp.kernel
def kv(arr_x: wp.array[wp.vec2], arr_y: wp.array[wp.vec4]):
    i = wp.tid()
    y = arr_y[i]
    y[:2] = arr_x[i]
    y[1:3] += arr_x[i][:2]
    arr_y[i] = y


@wp.kernel
def kt(arr_x: wp.array[wp.vec2], arr_y: wp.array[wp.transform]):
    i = wp.tid()
    y = arr_y[i]
    y[:2] = arr_x[i]
    y[1:-4] += arr_x[i][:2]
    y[3:1:-1] -= arr_x[i][0:]
    arr_y[i] = y


@wp.kernel
def kq(arr_x: wp.array[wp.vec3], arr_y: wp.array[wp.quat]):
    i = wp.tid()
    q = arr_y[i]
    q[1:] = arr_x[i]
    q[::2] += wp.vec2(2.0, 3.0)
    arr_y[i] = q
