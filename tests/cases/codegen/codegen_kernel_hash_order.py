import warp as wp

GAIN = 2.5


@wp.func
def shaped(x: float):
    return wp.sin(x) * GAIN


@wp.kernel
def zeta_pass(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = shaped(a[i])


@wp.kernel
def alpha_pass(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = shaped(a[i]) + wp.pi


@wp.kernel
def middle_pass(a: wp.array(dtype=wp.vec3), s: float):
    i = wp.tid()
    a[i] = wp.normalize(a[i]) * s
