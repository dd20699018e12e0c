# The shape of wp.zeros in a kernel must be a constant.
import warp as wp


@wp.kernel
def k():
    tid = wp.tid()
    wp.zeros(shape=(tid,), dtype=int)

# expect-error: 8:5: the `shape` argument must be specified as a constant when zero-initializing an array
