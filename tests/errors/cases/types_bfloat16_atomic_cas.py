import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    wp.atomic_cas(a, i, wp.bfloat16(0.0), wp.bfloat16(1.0))

# expect-error: 7:5: atomic_cas() operations only work on arrays with [u]int32, [u]int64, float32, or float64 as the underlying scalar types, but got bfloat16 (with scalar type bfloat16)
