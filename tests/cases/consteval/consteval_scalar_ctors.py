import warp as wp

# 64-bit scalar constructors of a compile-time value print Python's raw value;
# module-level Warp scalars keep theirs whatever the type's width.
C = wp.int64(2**70)
D = wp.float64(2**62 + 1)


@wp.kernel
def ctors(l: wp.array(dtype=wp.int64), d: wp.array(dtype=wp.float64), u: wp.array(dtype=wp.uint64)):
    l[0] = wp.int64(wp.static(2**62 * 3))
    l[1] = wp.int64(wp.static(-(2**80)))
    l[2] = C
    u[0] = wp.uint64(wp.static(2**64 - 1))
    u[1] = wp.uint64(wp.static(-1))
    d[0] = wp.float64(wp.static(2**70))
    d[1] = wp.float64(wp.static(2**-70))
    d[2] = D
