# tile_stack_pop() of a value that is not a tile stack (its parameter is Any): Warp's message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=int)):
    v, slot = wp.tile_stack_pop(3)

# expect-error: 7:15: tile_stack_pop() argument must be a tile_stack, got <class 'warp._src.types.int32'>
