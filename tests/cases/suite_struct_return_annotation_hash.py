# A @wp.func whose return annotation is a struct (`-> Beta`) changes the kernel hashes,
# which order the kernels (and so the structs) in the module.
import warp as wp


@wp.struct
class Alpha:
    value: wp.int32


@wp.func
def make_alpha(v: wp.int32):
    return Alpha(v * 2)


@wp.kernel
def use_alpha(data: wp.array(dtype=wp.int32)):
    tid = wp.tid()
    data[tid] = make_alpha(tid).value


@wp.struct
class Beta:
    v: wp.vec3


@wp.struct
class Gamma:
    v: wp.vec3
    arr: wp.array(dtype=float)


@wp.func
def make_beta(x: wp.vec3) -> Beta:
    s = Beta()
    s.v = 2.0 * x
    return s


@wp.func
def make_gamma(x: wp.vec3, arr: wp.array(dtype=float)) -> Gamma:
    s = Gamma()
    s.v = 2.0 * x
    s.arr = arr
    return s


@wp.kernel
def use_beta(x: wp.array(dtype=wp.vec3), loss: wp.array(dtype=float)):
    s = make_beta(x[0])
    loss[0] = wp.dot(s.v, s.v)


@wp.kernel
def use_gamma(x: wp.array(dtype=wp.vec3), arr: wp.array(dtype=float), loss: wp.array(dtype=float)):
    s = make_gamma(x[0], arr)
    loss[0] = wp.dot(s.v, s.v)
