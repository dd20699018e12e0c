# Warp stores into a field of a fixedarray element through wp::index, which warpsynth does
# not model: refused.
import warp as wp


@wp.struct
class S:
    offset: int


@wp.kernel
def k(out: wp.array[int]):
    s = wp.zeros(shape=(2, 3), dtype=S)
    s[1, 2].offset = 3
    out[0] = s[1, 2].offset

# expect-error: 14:10: storing into a component or field of a fixedarray element is not supported
