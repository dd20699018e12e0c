# Found by tools/fuzz: Warp hashes a kernel option by its str(), and enable_backward keeps the
# value it is given (an int stays an int): the kernels' order in the module follows the hashes.
import warp as wp


@wp.kernel(enable_backward=2)
def scale(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s


@wp.kernel
def shift(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] + s


@wp.kernel
def square(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * a[i]


@wp.kernel
def negate(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = -a[i]
