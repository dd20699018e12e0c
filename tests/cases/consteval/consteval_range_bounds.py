import warp as wp

# range() over compile-time ints: a negated wp.static step is a literal to Warp
# (no extra variable), bounds of any size, and Python's len() decides unrolling.


@wp.kernel
def ranges(ints: wp.array(dtype=int)):
    for i in range(5, -1, -wp.static(1)):
        ints[0] = i
    for j in range(wp.static(2**40), wp.static(2**40 + 3)):
        ints[1] = j
    for k in range(0, 8589934592, 4294967296):
        ints[2] = k
    for m in range(wp.static(2**40), wp.static(2**40 + 100)):
        ints[3] = m
    for n in range(wp.static(-(2**70)), wp.static(-(2**70) - 30), -2):
        ints[4] = n
    for p in range(True, 3):
        ints[5] = p
