# wp.indexedarray2d is a function, not a class: Warp fails with "'function' object is not
# subscriptable".
import warp as wp


@wp.kernel
def k(a: wp.indexedarray2d[float]):
    a[0, 0] = 1.0

# expect-error: 7:10: unsupported type annotation 'wp.indexedarray2d[float]'
