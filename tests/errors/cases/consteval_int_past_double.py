import warp as wp

BIG = 2**1024


@wp.kernel
def k(out: wp.array(dtype=int)):
    x = 1
    out[0] = BIG

# expect-error: 9:14: Warp cannot emit this constant: its constant_str raises OverflowError: int too large to
