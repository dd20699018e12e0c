# A row of a 2-D wp.zeros() array made in a kernel is an array, not a value to store.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    a = wp.zeros(shape=(2, 3), dtype=float)
    a[0, 0] = 1.0
    out[0] = a[1]

# expect-error: 9:9: array_store() value argument type (array(ndim=1, dtype=float32)) must be of the same type as the array (float32)
