# Found by tools/fuzz: Warp prints `wp::vec_t<4294967295, ...>` for a vector this long (a
# 16 GiB local, C++ no compiler takes); warpsynth printed `wp::vec_t<-1, ...>` (the length
# wrapped to 32 bits). It refuses it now.
import warp as wp


@wp.kernel
def huge_length(out: wp.array(dtype=float)):
    e = wp.types.vector(1.0, length=0xFFFFFFFF)
    out[0] = 1.0

# expect-error: 9:9: a vector length of 4294967295 is not supported
