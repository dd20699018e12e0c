import warp as wp


# CPython refuses more than 20 nested loops in one function (CO_MAXBLOCKS), so Warp cannot import this.
@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    for j0 in range(i):
        for j1 in range(i):
            for j2 in range(i):
                for j3 in range(i):
                    for j4 in range(i):
                        for j5 in range(i):
                            for j6 in range(i):
                                for j7 in range(i):
                                    for j8 in range(i):
                                        for j9 in range(i):
                                            for j10 in range(i):
                                                for j11 in range(i):
                                                    for j12 in range(i):
                                                        for j13 in range(i):
                                                            for j14 in range(i):
                                                                for j15 in range(i):
                                                                    for j16 in range(i):
                                                                        for j17 in range(i):
                                                                            for j18 in range(i):
                                                                                for j19 in range(i):
                                                                                    for j20 in range(i):
                                                                                        a[i] = 1.0

# expect-error: 28:85: too many statically nested blocks
