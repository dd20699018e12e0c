# Warp reads a fabric array's `size` (a size_t) through a wp::uint64*: its code does not
# compile, so warpsynth refuses it.
import warp as wp


@wp.kernel
def k(a: wp.fabricarray[float], out: wp.array(dtype=wp.uint64)):
    out[0] = a.size

# expect-error: 8:14: Warp's code for a fabric array's `size` does not compile
