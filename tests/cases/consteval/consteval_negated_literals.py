import warp as wp

# A negated literal is folded with Python's negation, whatever its size.


@wp.kernel
def negated(ints: wp.array(dtype=int), floats: wp.array(dtype=float)):
    ints[0] = -18446744073709551615
    ints[1] = -9223372036854775808
    ints[2] = -0x8000_0000_0000_0000
    ints[3] = -123456789012345678901234567890
    ints[4] = -0x1_0000_0000_0000_0000_0000
    flag = -True
    if flag:
        ints[5] = 1
    floats[0] = -0.0
    floats[1] = -1e308
    floats[2] = -1e309
