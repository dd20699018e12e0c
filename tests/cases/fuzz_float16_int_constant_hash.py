import warp as wp

# A wp.float16 constant holding a Python int: Warp's module hash reads it with
# ctypes.c_float(value.value) (3.0, 70000.0), and the kernels' hashes decide their order in
# the module (fuzzer, seed 30 mutant 13389: `wp.float16(2**128)`, hashed as inf; that one is
# checked by hand, as Warp prints it as an integer literal NVRTC cannot compile).
SMALL = wp.constant(wp.float16(3))
BIG = wp.constant(wp.float16(70000))


@wp.kernel
def first(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] + 1.0


@wp.kernel
def second(s: wp.array(dtype=wp.uint64)):
    wp.atomic_add(s, 0, wp.uint64(-BIG))


@wp.kernel
def third(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = a[i] * 2.0


@wp.kernel
def fourth(h: wp.array(dtype=wp.float16)):
    i = wp.tid()
    h[i] = h[i] * SMALL
