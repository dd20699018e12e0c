# A class attribute may hold a @wp.func (Warp calls it), and warpsynth does not model
# classes: `Ops.tid()` is refused rather than compiled as the builtin tid.
import warp as wp


@wp.func
def first_index():
    return 0


class Ops:
    tid = first_index


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = Ops.tid()

# expect-error: 17:14: cannot resolve Ops.tid: warpsynth does not know what Ops holds
