# `v.length` is a Python int: Warp cannot bind it to a local name ('int' object has no attribute 'type').
# expect-error: 9:9: in kernel 'k': only values and functions can be assigned to local names
import warp as wp


@wp.kernel
def k(a: wp.array[float]):
    v = wp.vec3(1.0, 2.0, 3.0)
    n = v.length
    a[0] = float(n)
