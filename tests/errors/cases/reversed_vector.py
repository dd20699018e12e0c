# reversed() takes a range only: Warp has no overload for a vector.
import warp as wp


@wp.kernel
def k(v: wp.vec3, out: wp.array(dtype=float)):
    for x in reversed(v):
        out[0] += x

# expect-error: 7:14: couldn't find an overload of 'reversed' for arguments (vec3f)
