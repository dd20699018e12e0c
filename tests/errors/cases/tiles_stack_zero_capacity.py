# tile_stack() with a capacity that is not a positive integer (a wp.constant of 0): Warp's message.
import warp as wp

ZERO = wp.constant(0)


@wp.kernel
def k(out: wp.array(dtype=int)):
    s = wp.tile_stack(capacity=ZERO, dtype=int)

# expect-error: 9:9: tile_stack() requires capacity to be a positive integer, got 0
