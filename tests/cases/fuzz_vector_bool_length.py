# Found by tools/fuzz: Warp accepts `length=True` and prints `wp::vec_t<true, ...>` in the
# C++; warpsynth refuses it cleanly rather than print something else.
# expect-error: a bool as the vector length is not supported
import warp as wp


@wp.kernel
def bool_length(out: wp.array(dtype=float)):
    v = wp.types.vector(1.0, length=True, dtype=wp.float32)
    out[0] = v[0]
