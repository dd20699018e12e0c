import warp as wp
from helpers import *

# After a star import an unbound decorator root may come from the other module, which
# warpsynth does not read: refused rather than guessed (fuzzer, seed 31: `@wp.kernel` renamed
# to `@i.kernel` in files with `from warp.tests.unittest_utils import *`; Warp: NameError).


@i.kernel
def scale(a: wp.array(dtype=float)):
    t = wp.tid()
    a[t] = a[t] * 2.0

# expect-error: 9:2: decorator: name 'i' is not bound in this file
