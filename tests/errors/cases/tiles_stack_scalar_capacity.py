# tile_stack() with a capacity that is a Warp scalar constant: Warp's value function takes it,
# but its dispatch passes the instance on as a template argument and fails to spell it.
import warp as wp

CAPACITY = wp.constant(wp.int32(16))


@wp.kernel
def k(out: wp.array(dtype=int)):
    s = wp.tile_stack(capacity=CAPACITY, dtype=int)
    out[0] = wp.tile_stack_count(s)

# expect-error: 10:9: 'int32' object has no attribute '__name__'
