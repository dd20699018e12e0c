# Found by tools/fuzz: a negative vector length is a Python error in Warp (a ctypes array
# length); warpsynth printed `wp::vec_t<-2, ...>`.
import warp as wp


@wp.kernel
def fill_negative(out: wp.array(dtype=float)):
    v = wp.types.vector(1.0, length=-2, dtype=wp.float32)
    out[0] = 1.0
