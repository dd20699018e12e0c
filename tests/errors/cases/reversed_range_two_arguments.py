# reversed() takes one range.
import warp as wp


@wp.kernel
def k(n: int, out: wp.array(dtype=float)):
    for i in reversed(range(n), 2):
        out[i] = 1.0

# expect-error: 7:14: couldn't find an overload of 'reversed' for arguments (range_t, int32)
