import warp as wp

# max_unroll is compared with len(range) in Python: any int, or a float.
wp.set_module_options({"max_unroll": 2**70 // 2**66 + 0.5})


@wp.kernel
def unrolled(ints: wp.array(dtype=int)):
    for i in range(16):
        ints[i] = i
    for j in range(17):
        ints[j] = j
