import warp as wp


@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    out[0] = wp.volume_lookup(vol, 0, 0, 0, dtype=float)

# Warp prints `wp::volume_lookup<float>`; warpsynth's types spell float32 only, so it refuses.
# expect-error: 6:14: 'volume_lookup' with a Python type as dtype is not supported
