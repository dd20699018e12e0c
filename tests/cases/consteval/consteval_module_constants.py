import warp as wp

# Module-level constants and wp.constant are evaluated with Python's numbers:
# ints of any size, correctly rounded conversions and float floor division.
A = 2**62
A *= 4
B = wp.constant(2**64 % 7)
C = float(2**64)
D = -18446744073709551615
E = 1.0 // 0.1
F = 7.5 % -2
G = wp.constant((1 << 70) >> 60)
H = -0.0 // 1.0
I = 2**63 + 2**11 + 1
J = wp.constant(float(I))
K = 10**19 // 10**10 if 2**64 > 1e19 else 0
L = 1e308 * 10


@wp.kernel
def constants(ints: wp.array(dtype=int), floats: wp.array(dtype=float)):
    ints[0] = A
    ints[1] = B
    ints[2] = D
    ints[3] = G
    ints[4] = I
    ints[5] = K
    floats[0] = C
    floats[1] = E
    floats[2] = F
    floats[3] = H
    floats[4] = J
    floats[5] = L
