# tile_arange() of a range without elements (here a positive step from 1.0 down to 0.5): Warp's
# message prints the bounds as read at the output type.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    t = wp.tile_arange(1.0, 0.5, 0.25)
    wp.tile_store(out, t)

# expect-error: 8:9: tile_arange() requires a non-empty range, but start=1.0, stop=0.5, step=0.25 produces no elements; zero-length tile dimensions are not supported.
