# tile_arange() of an integer dtype with a fractional float bound: Warp's message.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    t = wp.tile_arange(0.0, 3.5, dtype=wp.int32)
    wp.tile_store(out, t)

# expect-error: 7:9: tile_arange() stop=3.5 has a fractional part, which the integer output type int32 cannot represent
