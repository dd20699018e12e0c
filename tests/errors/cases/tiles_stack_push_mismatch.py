# tile_stack_push() of a value whose type is not the stack's dtype (a float into an int stack):
# Warp's message.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int)):
    s = wp.tile_stack(capacity=8, dtype=int)
    wp.tile_stack_push(s, 1.0, True)

# expect-error: 9:5: tile_stack_push() value type <class 'warp._src.types.float32'> does not match stack dtype <class 'warp._src.types.int32'>
