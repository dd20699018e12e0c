import warp as wp


@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    wp.volume_store(vol, 0, 0, 0, wp.int8(1))

# expect-error: 6:5: 'volume_store': unsupported volume type `int8`
