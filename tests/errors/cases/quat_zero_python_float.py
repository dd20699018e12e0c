# A zero-initialized quaternion must be given a Warp float type; Python's float is refused.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    q = wp.quaternion(dtype=float)
    out[0] = q[0]

# expect-error: 7:9: a float type is expected when zero-initializing a quaternion but got `type` instead
