import warp as wp

# Vector lengths and matrix shapes are Python ints handed to ctypes.
V0 = wp.types.vector(length=0, dtype=float)
VBIG = wp.types.vector(length=2**31 - 1, dtype=wp.float64)
V3 = wp.types.vector(length=(2**70 >> 68) + 1, dtype=float)
M = wp.types.matrix(shape=(2**64 // 2**63, 3), dtype=float)


@wp.kernel
def lengths(ints: wp.array(dtype=int), floats: wp.array(dtype=float)):
    a = V0()
    b = VBIG()
    c = V3()
    m = M()
    ints[0] = wp.static(len(VBIG))
    ints[1] = wp.static(len(V3) + len(M))
    floats[0] = c[wp.static(2**64 // 2**63)]
    v = wp.vector(length=wp.static(2**66 >> 64), dtype=float)
    floats[1] = v[3]
